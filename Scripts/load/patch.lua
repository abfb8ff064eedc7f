-- wrk script: durable PATCH of random creatures' ratings (ids 1..N, N from the environment).
-- Each wrk thread has its own Lua state: seeded from /dev/urandom and its number, so that the
-- threads do not send the same sequence of ids (seeding with os.time() gave them one seed).
local count = tonumber(os.getenv("CREATURES") or "1000")
local threads = 0
setup = function(thread)
    threads = threads + 1
    thread:set("number", threads)
end
init = function(args)
    local urandom = assert(io.open("/dev/urandom", "rb"))
    local bytes = urandom:read(4)
    urandom:close()
    local seed = 0
    for i = 1, 4 do seed = seed * 256 + bytes:byte(i) end
    math.randomseed(seed + number)
end
request = function()
    local id = math.random(1, count)
    local rating = math.random(0, 10) / 2
    return wrk.format("PATCH", "/api/creatures/" .. id, { ["Content-Type"] = "application/json" }, '{"rating":' .. rating .. '}')
end
