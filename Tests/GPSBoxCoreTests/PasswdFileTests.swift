import GPSBoxCore
import Testing

@Suite struct PasswdFileTests {
    let passwd = """
        root:x:0:0:root:/root:/bin/bash
        # not an account
        :x:5:5::/:/bin/false
        gpsbox:x:998:998::/nonexistent:/usr/sbin/nologin
        twin:x:998:998::/:/bin/false
        broken:x:notanumber:1::/:/bin/false
        """

    @Test func theFirstAccountWithTheUIDNamesIt() {
        #expect(PasswdFile.userName(uid: 0, in: passwd) == "root")
        #expect(PasswdFile.userName(uid: 998, in: passwd) == "gpsbox")
    }

    @Test func anUnknownUIDAnEmptyNameAndAnUnreadableFieldGiveNoName() {
        #expect(PasswdFile.userName(uid: 5, in: passwd) == nil)
        #expect(PasswdFile.userName(uid: 1000, in: passwd) == nil)
        #expect(PasswdFile.userName(uid: 1, in: "") == nil)
    }
}
