"""Importing the SDK on a Python without grpcio or protobuf says what to install and which Python."""

import subprocess
import sys
import unittest


class MissingDependencyTest(unittest.TestCase):
    def test_names_the_packages_and_the_python(self):
        # A python3 first on PATH (pyenv's, say) without Debian's packages failed with a bare
        # "ModuleNotFoundError: No module named 'grpc'".
        for module in ("grpc", "google.protobuf"):
            code = f"import sys; sys.modules[{module!r}] = None; import bezique_bot"
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=".")
            self.assertNotEqual(run.returncode, 0)
            last = run.stderr.strip().splitlines()[-1]
            self.assertEqual(
                last,
                f"ImportError: bezique_bot needs grpcio and protobuf, which this Python ({sys.executable}) lacks: "
                f"import of {module} halted; None in sys.modules. On Debian: apt-get install python3-grpcio "
                "python3-protobuf, then run the bot with /usr/bin/python3 (or a venv made with --system-site-packages; "
                "docs/write-a-bot.md)")


if __name__ == "__main__":
    unittest.main()
