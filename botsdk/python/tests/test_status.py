"""Tests of retry_delay: the RetryInfo delay read from a refusal's grpc-status-details-bin."""

import pathlib
import unittest

from bezique_bot.status import DETAILS_KEY, retry_delay, retry_delay_from_details

# The serialized google.rpc.Status of three refusals as the referee sends them (service.statusOf:
# two rate limits, a table moving; service's TestStatusFixtures keeps the files current).
TESTDATA = pathlib.Path(__file__).resolve().parents[2] / "testdata"


def fixture(name):
    return bytes.fromhex((TESTDATA / name).read_text().strip())


class RetryDelayTest(unittest.TestCase):
    def test_retry_info(self):
        self.assertEqual(retry_delay_from_details(fixture("status-retry-1.5s.hex")), 1.5)

    def test_moving(self):
        self.assertEqual(retry_delay_from_details(fixture("status-moving.hex")), 1.0)

    def test_no_retry_info(self):
        self.assertEqual(retry_delay_from_details(fixture("status-no-retry.hex")), 0.0)

    def test_trailing_metadata(self):
        md = (("content-type", "application/grpc"), (DETAILS_KEY, fixture("status-retry-1.5s.hex")))
        self.assertEqual(retry_delay(md), 1.5)
        self.assertEqual(retry_delay((("content-type", "application/grpc"),)), 0.0)
        self.assertEqual(retry_delay(None), 0.0)


if __name__ == "__main__":
    unittest.main()
