import Foundation

/// `aws s3 sync` done with boto3 (the library AWS's command line is built on): another program's
/// copy of a data folder into a prefix of the local S3 server, and back.
public enum BucketSync {
    private static let script = """
    import os, sys, boto3, botocore.config
    direction, folder, endpoint, key, secret, bucket, prefix = sys.argv[1:8]
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=key, aws_secret_access_key=secret,
                      config=botocore.config.Config(s3={"addressing_style": "path"}))
    if direction == "up":
        for base, _, files in os.walk(folder):
            for name in files:
                path = os.path.join(base, name)
                s3.upload_file(path, bucket, prefix + os.path.relpath(path, folder))
    else:
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
            for entry in page.get("Contents", []):
                path = os.path.join(folder, entry["Key"][len(prefix):])
                os.makedirs(os.path.dirname(path), exist_ok=True)
                s3.download_file(bucket, entry["Key"], path)
    """

    /// Copies every file under `folder` (hidden ones too, as `aws s3 sync` does) to `prefix`.
    public static func upload(_ folder: URL, to prefix: String, server: S3TestServer) async throws {
        _ = try await runPython(script, arguments: ["up", folder.path, server.endpoint, server.accessKeyID, server.secretAccessKey, S3TestServer.bucket, prefix])
    }

    /// Copies every object under `prefix` into `folder`, as files named by the rest of their keys.
    public static func download(_ prefix: String, to folder: URL, server: S3TestServer) async throws {
        _ = try await runPython(script, arguments: ["down", folder.path, server.endpoint, server.accessKeyID, server.secretAccessKey, S3TestServer.bucket, prefix])
    }
}
