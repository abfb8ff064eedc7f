extension QRCode {
    /// The symbol as SVG path data in module units, for a stroke one module wide: each run of
    /// dark modules in a row is a horizontal line through the middle of the row (`M x y.5 h w`,
    /// the next run in the row moved to from the end of the last, `m dx 0 h w`), offset by
    /// `quietZone` modules of light on every side. About a third of the size of a square per run:
    /// a labels page of 10,000 items carries 10,000 of them.
    public func svgPathData(quietZone: Int = 4) -> String {
        var path = ""
        for y in 0..<size {
            var x = 0
            var end: Int?
            while x < size {
                guard self[x: x, y: y] else { x += 1; continue }
                let start = x
                while x < size, self[x: x, y: y] { x += 1 }
                if let end {
                    path += "m\(start - end) 0h\(x - start)"
                } else {
                    path += "M\(start + quietZone) \(y + quietZone).5h\(x - start)"
                }
                end = x
            }
        }
        return path
    }

    /// The symbol as a complete SVG element: light background, dark modules, the quiet zone
    /// of `quietZone` modules that readers need around it, scaled to its container.
    /// `label` becomes the image's accessible name.
    public func svg(quietZone: Int = 4, label: String) -> String {
        let side = size + 2 * quietZone
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\"\(Self.escaped(label))\" shape-rendering=\"crispEdges\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path stroke=\"#000\" stroke-width=\"1\" fill=\"none\" d=\"\(svgPathData(quietZone: quietZone))\"/></svg>"
    }

    /// `text` safe inside a double-quoted XML attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
