extension PixelImage {
    /// The centred largest square, scaled to `size`×`size` by area averaging: each output pixel
    /// is the exact, area-weighted mean of the source pixels it covers (a box filter with
    /// fractional edges), so fine detail averages out instead of shimmering. With an alpha
    /// channel, colours are averaged premultiplied so transparent pixels do not darken edges.
    public func squareThumbnail(size: Int) -> PixelImage {
        let side = min(width, height)
        return areaAveraged(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side, toWidth: size, height: size)
    }

    /// The rectangle (`x`, `y`, `width`, `height`) scaled to `outWidth`×`outHeight` by area averaging.
    public func areaAveraged(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int, toWidth outWidth: Int, height outHeight: Int) -> PixelImage {
        var averager = AreaAverager(channels: channels, cropX: x, cropWidth: cropWidth, cropHeight: cropHeight, outWidth: outWidth, outHeight: outHeight)
        pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<cropHeight {
                averager.addRow(base + (y + row) * width * channels, index: row)
            }
        }
        return averager.finish()
    }
}

/// Area-averaging downscale fed one source row at a time, so a decoder can stream rows into it
/// and never hold the full-size image: rows are shrunk horizontally as they arrive (into floats,
/// alpha-premultiplied), then the columns are shrunk at the end.
struct AreaAverager {
    let channels: Int
    let cropX: Int
    let cropHeight: Int
    let outWidth: Int
    let outHeight: Int
    private let horizontal: BoxWeights
    private let vertical: BoxWeights
    /// `cropHeight × outWidth × channels` horizontally shrunk rows.
    private var rows: [Float]

    init(channels: Int, cropX: Int, cropWidth: Int, cropHeight: Int, outWidth: Int, outHeight: Int) {
        self.channels = channels
        self.cropX = cropX
        self.cropHeight = cropHeight
        self.outWidth = outWidth
        self.outHeight = outHeight
        horizontal = BoxWeights(source: cropWidth, target: outWidth)
        vertical = BoxWeights(source: cropHeight, target: outHeight)
        rows = [Float](repeating: 0, count: cropHeight * outWidth * channels)
    }

    /// Shrinks source row `index` of the crop (`row` points at the start of the full source row).
    mutating func addRow(_ row: UnsafePointer<UInt8>, index: Int) {
        guard index >= 0, index < cropHeight else { return }
        let c = channels, alpha = channels == 4
        let source = row + cropX * c
        let targetRow = index * outWidth * c
        horizontal.spans.withUnsafeBufferPointer { spans in
            horizontal.weights.withUnsafeBufferPointer { weights in
                rows.withUnsafeMutableBufferPointer { rows in
                    for out in 0..<outWidth {
                        let span = spans[out]
                        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                        var at = span.start * c
                        for k in 0..<span.count {
                            let weight = weights[span.first + k]
                            if alpha {
                                let a = Float(source[at + 3]) * weight
                                s0 += Float(source[at]) * a
                                s1 += Float(source[at + 1]) * a
                                s2 += Float(source[at + 2]) * a
                                s3 += a
                            } else {
                                s0 += Float(source[at]) * weight
                                s1 += Float(source[at + 1]) * weight
                                s2 += Float(source[at + 2]) * weight
                            }
                            at += c
                        }
                        let target = targetRow + out * c
                        rows[target] = s0
                        rows[target + 1] = s1
                        rows[target + 2] = s2
                        if alpha { rows[target + 3] = s3 }
                    }
                }
            }
        }
    }

    /// Shrinks the columns and returns the bytes (unpremultiplying alpha).
    func finish() -> PixelImage {
        let c = channels, alpha = channels == 4, stride = outWidth * c
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        var sums = [Float](repeating: 0, count: stride)
        rows.withUnsafeBufferPointer { rows in
            out.withUnsafeMutableBufferPointer { target in
                sums.withUnsafeMutableBufferPointer { sums in
                    for outRow in 0..<outHeight {
                        for index in 0..<stride { sums[index] = 0 }
                        let span = vertical.spans[outRow]
                        for k in 0..<span.count {
                            let weight = vertical.weights[span.first + k]
                            let base = (span.start + k) * stride
                            for index in 0..<stride { sums[index] += rows[base + index] * weight }
                        }
                        let base = outRow * stride
                        for column in 0..<outWidth {
                            let at = column * c
                            if alpha {
                                let a = sums[at + 3]
                                let scale: Float = a > 0 ? 1 / a : 0
                                target[base + at] = Self.byte(sums[at] * scale)
                                target[base + at + 1] = Self.byte(sums[at + 1] * scale)
                                target[base + at + 2] = Self.byte(sums[at + 2] * scale)
                                target[base + at + 3] = Self.byte(a)
                            } else {
                                for channel in 0..<c { target[base + at + channel] = Self.byte(sums[at + channel]) }
                            }
                        }
                    }
                }
            }
        }
        return PixelImage(uncheckedWidth: outWidth, height: outHeight, channels: c, pixels: out)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}

/// For each output position along one axis, the source positions it covers and their weights
/// (the fraction of each source pixel inside the output pixel's footprint, normalised to sum 1).
/// When enlarging (target > source), each output takes the one source pixel under its centre.
struct BoxWeights {
    struct Span {
        var start: Int
        var count: Int
        var first: Int
    }

    var spans: [Span] = []
    var weights: [Float] = []

    init(source: Int, target: Int) {
        let scale = Double(source) / Double(target)
        for out in 0..<target {
            if scale <= 1 {
                let center = min(source - 1, Int((Double(out) + 0.5) * scale))
                spans.append(Span(start: center, count: 1, first: weights.count))
                weights.append(1)
                continue
            }
            let from = Double(out) * scale, to = Double(out + 1) * scale
            let start = Int(from), end = min(source, Int(to.rounded(.up)))
            spans.append(Span(start: start, count: end - start, first: weights.count))
            for index in start..<end {
                let covered = min(to, Double(index + 1)) - max(from, Double(index))
                weights.append(Float(covered / scale))
            }
        }
    }
}
