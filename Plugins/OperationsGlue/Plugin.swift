import Foundation
import PackagePlugin

/// Gives an app's web target the adapters between the generated operations both apps share and
/// WebSupport.
///
/// Each app's `openapi.yaml` describes the same photo operations (`getPhoto`, `putPhoto`,
/// `deletePhoto`, `getThumbnail`) and the same probes (`getHealth`, `getReadiness`), and the
/// OpenAPI generator makes each app its own types for them. The few lines that fit those types
/// to WebSupport (``WebSupport/StoredFileResponse``, ``WebSupport/PhotoUpload``,
/// ``WebSupport/Readiness``) are written once, in the `.swift.template` files beside this plugin,
/// and copied into every target that uses the plugin, as the generator's own files are.
@main
struct OperationsGlue: BuildToolPlugin {
    /// The templates, each copied to the file named without `.template`.
    static let templates = ["Operations+Photos.swift.template", "Operations+Probes.swift.template"]

    /// One command per template: copy it into the target's generated sources.
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Plugins/OperationsGlue")
        return Self.templates.map { name in
            let template = folder.appending(path: name)
            let output = context.pluginWorkDirectoryURL.appending(path: String(name.dropLast(".template".count)))
            return .buildCommand(
                displayName: "\(output.lastPathComponent) for \(target.name)",
                executable: URL(filePath: "/bin/cp"),
                arguments: [template.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [template],
                outputFiles: [output]
            )
        }
    }
}
