import DocumentStore
import Imaging

/// An item's photo opened for streaming (``DocumentStore/StreamedFile``; its `kind` is the
/// format): it keeps reading the version that was current when it was opened, whatever replaces
/// it afterwards (a photo object in a bucket is held whole in memory).
public typealias PhotoFile = StreamedFile<ImageFormat>
