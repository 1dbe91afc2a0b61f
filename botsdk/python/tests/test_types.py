"""The SDK type-checks with mypy against the generated .pyi stubs, and the stubs catch a misspelt
field where a bot builds a message (mypy; scripts/ci-polyglot.sh installs Debian's and fails without
it). Debian has no stubs of protobuf's runtime, so a message's base class is Any to mypy
here and a misspelt field read goes unseen; with types-protobuf (pip) it is caught as well."""

import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent

# A bot's code as its author writes it: a decision function reading the view, and a Join built by
# hand.
BOT = '''from typing import Sequence

from bezique.v1 import actions_pb2, seat_pb2, view_pb2


def decide(view: view_pb2.View, legal: Sequence[actions_pb2.LegalAction]) -> int:
    trumps = [c for c in view.hand if c.suit == view.trump]
    return legal[len(trumps) % len(legal)].action_id


join = seat_pb2.Join({field}="t", seat=0, view_mode=seat_pb2.VIEW_MODE_COMPACT)
'''


class TypesTest(unittest.TestCase):
    def mypy(self, *args: str) -> subprocess.CompletedProcess:
        if shutil.which("mypy") is None:
            if os.environ.get("BEZIQUE_REQUIRE_MYPY"):  # set by scripts/ci-polyglot.sh, which installs it
                self.fail("mypy is missing (apt-get install mypy)")
            self.skipTest("mypy is not installed (apt-get install mypy)")
        return subprocess.run(["mypy", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"), *args],
                              capture_output=True, text=True, cwd=ROOT)

    def test_sdk(self):
        run = self.mypy("bezique_bot")
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)

    def test_bot(self):
        with tempfile.TemporaryDirectory() as d:
            bot = pathlib.Path(d) / "bot.py"
            bot.write_text(BOT.format(field="table_id"))
            run = self.mypy(str(bot))
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            bot.write_text(BOT.format(field="tabel_id"))
            run = self.mypy(str(bot))
            self.assertEqual(run.returncode, 1)
            self.assertEqual(run.stdout.splitlines()[0],
                             f'{bot}:11: error: Unexpected keyword argument "tabel_id" for "Join"; did you mean "table_id"?  [call-arg]')


    def test_readme_example(self):
        # The README's first example, a whole serve-mode bot, as a bot author copies it: its
        # merged dict failed mypy 7 times (a bot author's trial).
        readme = (ROOT / "README.md").read_text()
        example = readme.split("```python\n", 1)[1].split("```", 1)[0]
        with tempfile.TemporaryDirectory() as d:
            bot = pathlib.Path(d) / "readme_bot.py"
            bot.write_text(example)
            run = self.mypy(str(bot))
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)


if __name__ == "__main__":
    unittest.main()
