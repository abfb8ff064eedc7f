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
        let horizontal = BoxWeights(source: cropWidth, target: outWidth)
        let vertical = BoxWeights(source: cropHeight, target: outHeight)
        let c = channels
        let alpha = c == 4
        // Pass 1: each source row of the crop, shrunk horizontally, into floats.
        var rows = [Float](repeating: 0, count: cropHeight * outWidth * c)
        pixels.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { rows in
                for row in 0..<cropHeight {
                    let sourceRow = ((y + row) * width + x) * c
                    let targetRow = row * outWidth * c
                    for out in 0..<outWidth {
                        let span = horizontal.spans[out]
                        var sums = (Float(0), Float(0), Float(0), Float(0))
                        for k in 0..<span.count {
                            let weight = horizontal.weights[span.first + k]
                            let at = sourceRow + (span.start + k) * c
                            if alpha {
                                let a = Float(source[at + 3]) * weight
                                sums.0 += Float(source[at]) * a
                                sums.1 += Float(source[at + 1]) * a
                                sums.2 += Float(source[at + 2]) * a
                                sums.3 += a
                            } else {
                                sums.0 += Float(source[at]) * weight
                                sums.1 += Float(source[at + 1]) * weight
                                sums.2 += Float(source[at + 2]) * weight
                            }
                        }
                        let at = targetRow + out * c
                        rows[at] = sums.0
                        rows[at + 1] = sums.1
                        rows[at + 2] = sums.2
                        if alpha { rows[at + 3] = sums.3 }
                    }
                }
            }
        }
        // Pass 2: columns, then back to bytes (unpremultiplying alpha).
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        rows.withUnsafeBufferPointer { rows in
            out.withUnsafeMutableBufferPointer { target in
                var sums = [Float](repeating: 0, count: outWidth * c)
                for outRow in 0..<outHeight {
                    for index in sums.indices { sums[index] = 0 }
                    let span = vertical.spans[outRow]
                    for k in 0..<span.count {
                        let weight = vertical.weights[span.first + k]
                        let base = (span.start + k) * outWidth * c
                        for index in 0..<(outWidth * c) { sums[index] += rows[base + index] * weight }
                    }
                    let base = outRow * outWidth * c
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
