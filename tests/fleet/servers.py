"""Real servers for the fleet tests, started and stopped by the tests: a CA and certificates made
with openssl, mosquitto with TLS, passwords and per-box ACLs on 127.0.0.1, and PostgreSQL 15 with
PostGIS 3 from initdb in a temporary folder (run as the `postgres` user, Unix socket only)."""
import os, shutil, signal, socket, subprocess, tempfile, time

PG_BIN = "/usr/lib/postgresql/15/bin"
PG_PASSWORD = "fleet-test-secret"
BOXES = ("box-a", "box-b", "box-c", "box-e", "box-r")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


class Broker:
    """mosquitto with TLS (server certificate for 127.0.0.1), a password per box and ACLs that let a
    box write only gpsbox/<its name>/track and read only gpsbox/<its name>/ack."""

    def __init__(self, root, host="127.0.0.1", boxes=BOXES):
        """`host`: the address it listens on and its certificate names (a veth's, for a namespace)."""
        self.dir = os.path.join(root, "broker")
        os.makedirs(self.dir)
        self.host = host
        self.port = free_port()
        self.ca = self.path("ca.crt")
        self.proc = None
        self.passwords = {b: f"pw-{b}" for b in tuple(boxes) + ("collector",)}
        self.make_certificates()
        self.write_config()

    def path(self, name):
        return os.path.join(self.dir, name)

    def make_certificates(self):
        d = self.path
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=gpsbox test CA",
            "-keyout", d("ca.key"), "-out", d("ca.crt"))
        run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={self.host}",
            "-keyout", d("server.key"), "-out", d("server.csr"))
        with open(d("san.ext"), "w") as f:
            f.write(f"subjectAltName=IP:{self.host}\n")
        run("openssl", "x509", "-req", "-in", d("server.csr"), "-CA", d("ca.crt"), "-CAkey", d("ca.key"),
            "-CAcreateserial", "-days", "2", "-extfile", d("san.ext"), "-out", d("server.crt"))
        # A second CA that signed nothing here: "wrong CA" tests.
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=another CA",
            "-keyout", d("other-ca.key"), "-out", d("other-ca.crt"))
        for name, pw in self.passwords.items():
            with open(d(f"{name}.password"), "w") as f:
                f.write(pw + "\n")
            os.chmod(d(f"{name}.password"), 0o600)

    def write_config(self):
        d = self.path
        open(d("passwd"), "w").close()
        for name, pw in self.passwords.items():
            run("mosquitto_passwd", "-b", d("passwd"), name, pw)
        with open(d("acl"), "w") as f:
            f.write("user collector\ntopic read gpsbox/+/track\ntopic read $share/#\ntopic write gpsbox/+/ack\n"
                    "topic read owntracks/#\n\n"
                    "pattern write gpsbox/%u/track\npattern read gpsbox/%u/ack\npattern write owntracks/%u/#\n")
        os.makedirs(d("data"), exist_ok=True)
        with open(d("mosquitto.conf"), "w") as f:
            f.write(f"""user root
per_listener_settings false
allow_anonymous false
password_file {d('passwd')}
acl_file {d('acl')}
persistence true
persistence_location {d('data')}/
log_dest file {d('mosquitto.log')}
log_type error
log_type warning
log_type notice
log_type information
listener {self.port} {self.host}
cafile {d('ca.crt')}
certfile {d('server.crt')}
keyfile {d('server.key')}
max_inflight_messages 100
max_queued_messages 100000
""")

    def start(self):
        self.proc = subprocess.Popen(["mosquitto", "-c", self.path("mosquitto.conf")],
                                     stdout=subprocess.DEVNULL, stderr=open(self.path("stderr"), "ab"))
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection((self.host, self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise AssertionError("mosquitto exited: " + open(self.path("stderr")).read()
                                         + open(self.path("mosquitto.log")).read())
                time.sleep(0.05)
        raise AssertionError("mosquitto did not listen within 10 s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None

    def args(self, user, ca=None, password_file=None):
        return ["--host", self.host, "--port", str(self.port), "--ca", ca or self.ca, "--user", user,
                "--password-file", password_file or self.path(f"{user}.password")]


class Database:
    """PostgreSQL 15 + PostGIS 3 in a temporary cluster; password (scram) authentication on a Unix socket."""

    def __init__(self, root):
        self.dir = os.path.join(root, "postgres")
        os.makedirs(self.dir)
        shutil.chown(self.dir, "postgres", "postgres")
        os.chmod(root, 0o755)
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        pw = os.path.join(self.dir, "pw")
        with open(pw, "w") as f:
            f.write(PG_PASSWORD + "\n")
        shutil.chown(pw, "postgres", "postgres")
        self.as_postgres(f"{PG_BIN}/initdb", "-D", self.data, "-U", "postgres", "-A", "scram-sha-256",
                         f"--pwfile={pw}", "--no-sync")
        self.started = False

    def as_postgres(self, *cmd):
        return run("runuser", "-u", "postgres", "--", *cmd)

    def start(self):
        self.as_postgres(f"{PG_BIN}/pg_ctl", "-D", self.data, "-w", "-l", os.path.join(self.dir, "server.log"), "-o",
                         f"-k {self.dir} -c listen_addresses='' -p {self.port} -c fsync=off -c max_connections=40",
                         "start")
        self.started = True

    def stop(self, mode="fast"):
        if self.started:
            self.as_postgres(f"{PG_BIN}/pg_ctl", "-D", self.data, "-w", "-m", mode, "stop")
        self.started = False

    def url(self, db="postgres", password=PG_PASSWORD):
        return f"host={self.dir} port={self.port} dbname={db} user=postgres password={password}"

    def psql(self, sql, db="postgres"):
        env = dict(os.environ, PGPASSWORD=PG_PASSWORD)
        out = run("psql", "-X", "-A", "-t", "-F", "\t", "-h", self.dir, "-p", str(self.port), "-U", "postgres",
                  "-d", db, "-v", "ON_ERROR_STOP=1", "-c", sql, env=env)
        return out.stdout.strip()
