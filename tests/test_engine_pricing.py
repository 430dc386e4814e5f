"""Cost per turn from the settings' price table, and the usage line `ask` prints."""

import pytest

from coach_tui.coach.pricing import Usage, format_usage_line, sum_usage, turn_cost
from coach_tui.config import load_settings


def test_cost_uses_all_four_prices_per_million():
    settings = load_settings()
    usage = Usage(input_tokens=1_000, cache_creation_tokens=2_000, cache_read_tokens=10_000,
                  output_tokens=500)
    # sonnet 5.5 defaults: 3.00 in, 3.75 write, 0.30 read, 15.00 out.
    assert turn_cost(settings, "claude-sonnet-5-5", usage) == pytest.approx(
        (1_000 * 3.00 + 2_000 * 3.75 + 10_000 * 0.30 + 500 * 15.00) / 1e6)
    assert turn_cost(settings, "claude-unknown", usage) is None
    assert usage.total_input == 13_000
    assert usage.hit_rate == pytest.approx(10_000 / 13_000)


def test_prices_from_config_are_used(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text(
        '[prices."claude-sonnet-5-5"]\ninput = 1.0\ncache_write = 0.0\ncache_read = 0.0\n'
        'output = 0.0\n')
    settings = load_settings()
    assert turn_cost(settings, "claude-sonnet-5-5", Usage(2_000_000, 5, 5, 5)) == 2.0


def test_usage_line_shows_the_three_input_kinds_hit_rate_cost_and_miss():
    line = format_usage_line(Usage(12, 140, 1_820, 55), 0.0012, miss_reason="system_changed",
                             session_cost=0.015)
    assert line == ("tokens: 12 uncached, 140 written, 1,820 read (hit rate 92%), 55 out; "
                    "cost $0.0012; session $0.0150; cache miss: system_changed")
    assert "cache miss" not in format_usage_line(Usage(1, 0, 0, 1), None)
    assert "unpriced" in format_usage_line(Usage(1, 0, 0, 1), None)


def test_sum_and_empty_hit_rate():
    assert sum_usage([Usage(1, 2, 3, 4), Usage(10, 20, 30, 40)]) == Usage(11, 22, 33, 44)
    assert Usage(0, 0, 0, 0).hit_rate is None
