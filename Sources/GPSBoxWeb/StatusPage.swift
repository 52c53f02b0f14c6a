// `/`: the figures of StatusRows, the current trip drawn by the map renderer, and a dot at the
// latest position. Without JavaScript it is a snapshot (reload for more); with it, the page
// polls `/live.json` every second and moves the dot, projected as the map projects.
import GPSBoxCore

public struct StatusPage {
    public var rows: StatusRows
    /// The current trip's SVG (SVGMapWriter), nil when there is none yet.
    public var mapSVG: String?
    public var projection: MapProjection?
    public var tripNumber: Int?

    public init(rows: StatusRows, mapSVG: String? = nil, projection: MapProjection? = nil, tripNumber: Int? = nil) {
        self.rows = rows
        self.mapSVG = mapSVG
        self.projection = projection
        self.tripNumber = tripNumber
    }

    public var html: [UInt8] {
        var b = "<h1>Status</h1>\n<div class=\"grid\">\n<dl id=\"rows\">\n"
        for row in rows.rows {
            b += "<dt>" + WebPage.escape(row.label) + "</dt><dd id=\"k-" + row.key + "\""
            if row.key == "fix" || row.key == "speed" { b += " class=\"big\"" }
            b += ">" + WebPage.escape(row.text) + "</dd>\n"
        }
        b += "<dt>Updated</dt><dd id=\"k-updated\">when the page loaded</dd>\n</dl>\n"
        if let svg = mapSVG, let p = projection {
            b += "<div class=\"map\" style=\"position:relative\">\n" + svg
            b += "<svg id=\"overlay\" viewBox=\"0 0 \(Int(SVGMapWriter.width)) \(Int(SVGMapWriter.height))\" "
            b += "style=\"position:absolute;left:0;top:0;border-color:transparent\" aria-hidden=\"true\" "
            b += "data-clat=\"\(p.centreLatitude)\" data-clon=\"\(p.centreLongitude)\" data-ppm=\"\(p.pixelsPerMetre)\" "
            b += "data-cx=\"\(p.centreX)\" data-cy=\"\(p.centreY)\">"
            var dot = "cx=\"-100\" cy=\"-100\""
            if let lat = rows.latitude, let lon = rows.longitude {
                let (x, y) = Self.project(p, latitude: lat, longitude: lon)
                dot = "cx=\"\(JSONObjectWriter.format(x, decimals: 1))\" cy=\"\(JSONObjectWriter.format(y, decimals: 1))\""
            }
            b += "<circle id=\"here\" \(dot) r=\"14\" fill=\"#e00\" stroke=\"#000\" stroke-width=\"5\"/></svg>\n</div>\n"
        } else {
            b += "<p>No trip in the log yet: the map appears with the first samples.</p>\n"
        }
        b += "</div>\n"
        if let n = tripNumber {
            b += "<p class=\"downloads\">This trip (#\(n)): "
            for f in WebDownload.Format.allCases {
                b += "<a href=\"/trip/\(n).\(f.rawValue)\" download>\(f.rawValue.uppercased())</a>"
            }
            b += " <a href=\"/trip/\(n)\">details</a></p>\n"
        }
        return WebPage.document(title: "Status", body: b, script: Self.script)
    }

    /// SVGMapWriter's projection (MapProjection.project) for a bare position.
    public static func project(_ p: MapProjection, latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let sample = TrackSample(time: UTCTime(rawValue: 0), latitudeE7: Int32(clamping: Int64((latitude * 1e7).rounded())),
                                 longitudeE7: Int32(clamping: Int64((longitude * 1e7).rounded())), mode: .threeD)
        return p.project(sample)
    }

    /// The poll: rows by id, the dot (same equirectangular formula as MapProjection), the
    /// heading from the last two distinct positions.
    static let script = """
        (function(){
          var o=document.getElementById('overlay'),dot=document.getElementById('here'),prev=null;
          function proj(lat,lon){
            var R=6371008.8,k=Math.PI/180,d=o.dataset,clat=+d.clat,clon=+d.clon,ppm=+d.ppm;
            var dl=lon-clon; while(dl>180)dl-=360; while(dl<-180)dl+=360;
            var mLat=R*k,mLon=mLat*Math.cos(clat*k);
            return [+d.cx+dl*mLon*ppm, +d.cy-(lat-clat)*mLat*ppm];
          }
          function heading(a,b){
            var k=Math.PI/180,y=Math.sin((b[1]-a[1])*k)*Math.cos(b[0]*k);
            var x=Math.cos(a[0]*k)*Math.sin(b[0]*k)-Math.sin(a[0]*k)*Math.cos(b[0]*k)*Math.cos((b[1]-a[1])*k);
            var deg=(Math.atan2(y,x)/k+360)%360,names=['N','NE','E','SE','S','SW','W','NW'];
            return names[Math.round(deg/45)%8]+' '+Math.round(deg)+'°';
          }
          function poll(){
            fetch('/live.json',{cache:'no-store'}).then(function(r){return r.json()}).then(function(s){
              for(var k in s){var e=document.getElementById('k-'+k); if(e&&k!=='heading')e.textContent=s[k];}
              if(s.lat!==undefined&&s.lon!==undefined){
                var p=[s.lat,s.lon];
                if(prev&&(prev[0]!==p[0]||prev[1]!==p[1]))document.getElementById('k-heading').textContent=heading(prev,p);
                if(!prev||prev[0]!==p[0]||prev[1]!==p[1])prev=p;
                if(o&&dot){var xy=proj(s.lat,s.lon);dot.setAttribute('cx',xy[0].toFixed(1));dot.setAttribute('cy',xy[1].toFixed(1));}
              }
              document.getElementById('k-updated').textContent=new Date().toISOString().slice(11,19)+' UTC';
            }).catch(function(){document.getElementById('k-updated').textContent='box not answering';})
            .finally(function(){setTimeout(poll,1000);});
          }
          poll();
        })();
        """
}
