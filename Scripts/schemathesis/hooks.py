"""schemathesis hooks for the Scary Creatures API: zips are sent as raw bytes."""
import schemathesis

schemathesis.serializer.alias("application/zip", "application/octet-stream")
