import Foundation
import PackagePlugin

/// Gives an app's web target the adapters between its generated photo operations and
/// WebSupport's photo answers.
///
/// Each app's `openapi.yaml` describes the same four photo operations (`getPhoto`, `putPhoto`,
/// `deletePhoto`, `getThumbnail`), and the OpenAPI generator makes each app its own types for
/// them. The few lines that fit those types to ``WebSupport/StoredFileResponse`` and
/// ``WebSupport/PhotoUpload`` are written once, in `Operations+Photos.swift.template` beside this
/// plugin, and copied into every target that uses the plugin, as the generator's own files are.
@main
struct PhotoOperationsGlue: BuildToolPlugin {
    /// One command: copy the template into the target's generated sources.
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let template = context.package.directoryURL.appending(path: "Plugins/PhotoOperationsGlue/Operations+Photos.swift.template")
        let output = context.pluginWorkDirectoryURL.appending(path: "Operations+Photos.swift")
        return [
            .buildCommand(
                displayName: "Photo operations' adapters for \(target.name)",
                executable: URL(filePath: "/bin/cp"),
                arguments: [template.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [template],
                outputFiles: [output]
            )
        ]
    }
}
