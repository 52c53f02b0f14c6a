// DOPs from satellite geometry: Q = (GᵀG)⁻¹ over rows [east, north, up, 1] of unit
// line-of-sight vectors; GDOP = √trace Q, PDOP = √(q_ee+q_nn+q_uu), HDOP = √(q_ee+q_nn),
// VDOP = √q_uu, TDOP = √q_tt (any GNSS textbook, e.g. Misra & Enge §6.1).
import GPSBoxCore

public struct SimulatedDOP: Hashable, Sendable {
    public var geometric: Double
    public var position: Double
    public var horizontal: Double
    public var vertical: Double
    public var time: Double
    public var northing: Double
    public var easting: Double

    /// nil when fewer than four rows or the geometry is degenerate.
    public init?(lineOfSightRows g: [[Double]]) {
        guard g.count >= 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 4)
        for i in 0..<4 {
            for j in 0..<4 { a[i][j] = g.reduce(0) { $0 + $1[i] * $1[j] } }
            a[i][4 + i] = 1
        }
        // Gauss-Jordan with partial pivoting on [GᵀG | I].
        for col in 0..<4 {
            var pivot = col
            for r in (col + 1)..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<8 { a[col][j] /= p }
            for r in 0..<4 where r != col {
                let f = a[r][col]
                if f != 0 { for j in 0..<8 { a[r][j] -= f * a[col][j] } }
            }
        }
        let q = (0..<4).map { a[$0][4 + $0] }
        guard q.allSatisfy({ $0 > 0 }) else { return nil }
        easting = q[0].squareRoot()
        northing = q[1].squareRoot()
        vertical = q[2].squareRoot()
        time = q[3].squareRoot()
        horizontal = (q[0] + q[1]).squareRoot()
        position = (q[0] + q[1] + q[2]).squareRoot()
        geometric = (q[0] + q[1] + q[2] + q[3]).squareRoot()
    }
}
