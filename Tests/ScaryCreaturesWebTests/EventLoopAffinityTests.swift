import DocumentStore
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing
import WebTestSupport
@testable import WebSupport

@Suite("Event-loop affinity: a request's work resumes on the loop that read it")
struct EventLoopAffinityTests {
    @Test("a task preferring a loop's executor is back on that loop after each blocking-pool job")
    func executorResumesOnItsLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let loop = group.next()
        let onLoop = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            var seen: [Bool] = []
            for _ in 0..<20 {
                try await BlockingPool.shared.run { _ = usleep(100) }
                seen.append(loop.inEventLoop)
            }
            return seen
        }
        #expect(onLoop == Array(repeating: true, count: 20))
        try await group.shutdownGracefully()
    }

    @Test("on a loop, the middleware runs the handler there, also after blocking work; off a loop it passes the request on")
    func middleware() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let loop = group.next()
        for (currentLoop, expected) in [(loop as (any EventLoop)?, "10 of 10 on the loop"), (nil, "0 of 10 on the loop")] {
            let router = Router()
            router.add(middleware: EventLoopAffinityMiddleware(currentLoop: { currentLoop }))
            router.get("/where") { _, _ -> String in
                var count = 0
                for _ in 0..<10 {
                    try await BlockingPool.shared.run { _ = usleep(100) }
                    if loop.inEventLoop { count += 1 }
                }
                return "\(count) of 10 on the loop"
            }
            try await Application(router: router).test(.router) { client in
                let response = try await client.execute(uri: "/where", method: .get)
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == expected)
            }
        }
        try await group.shutdownGracefully()
    }
}
