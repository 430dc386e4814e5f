"""Cost per turn from the published price table (USD per million tokens, checked 2026-11),
config.toml overrides, and the usage line `ask` prints."""

import pytest

from coach_tui.coach.pricing import (
    Usage,
    add_costs,
    format_usage_line,
    request_cost,
    turn_cost,
)
from coach_tui.config import ConfigError, Price, Rates, load_settings


def test_sonnet_5_5_pays_the_published_rates_for_each_kind_of_token():
    settings = load_settings()
    usage = Usage(input_tokens=1_000, cache_creation_tokens=2_000, cache_read_tokens=10_000,
                  output_tokens=500)
    # Sonnet 5.5: 2.00 in, 2.50 5-minute write, 0.10 read (since 2026-10-07), 10.00 out.
    assert turn_cost(settings, "claude-sonnet-5-5", usage) == pytest.approx(
        (1_000 * 2.00 + 2_000 * 2.50 + 10_000 * 0.10 + 500 * 10.00) / 1e6)
    assert usage.total_input == 13_000
    assert usage.hit_rate == pytest.approx(10_000 / 13_000)


def test_one_hour_cache_writes_pay_the_one_hour_rate():
    settings = load_settings()
    usage = Usage(0, 3_000, 0, 0, cache_creation_1h_tokens=1_000)
    assert turn_cost(settings, "claude-sonnet-5-5", usage) == pytest.approx(
        (2_000 * 2.50 + 1_000 * 4.00) / 1e6)
    assert turn_cost(settings, "claude-opus-5-5", usage) == pytest.approx(
        (2_000 * 5.00 + 1_000 * 8.00) / 1e6)


def test_haiku_5_5_prices_every_token_by_the_prompt_length():
    settings = load_settings()
    short = Usage(40_000, 10_000, 50_000, 1_000)   # prompt exactly 100,000: the short band
    assert turn_cost(settings, "claude-haiku-5-5", short) == pytest.approx(
        (40_000 * 0.10 + 10_000 * 0.125 + 50_000 * 0.01 + 1_000 * 0.50) / 1e6)
    long = Usage(40_001, 10_000, 50_000, 1_000)    # one token more: every token, output too
    assert turn_cost(settings, "claude-haiku-5-5", long) == pytest.approx(
        (40_001 * 0.50 + 10_000 * 0.625 + 50_000 * 0.05 + 1_000 * 2.50) / 1e6)


def test_a_model_without_a_price_has_an_unknown_cost_never_zero():
    settings = load_settings()
    usage = Usage(1, 0, 0, 1)
    assert turn_cost(settings, "claude-unknown", usage) is None
    assert "cost unknown" in format_usage_line(usage, None)
    assert add_costs([0.5, None]) is None
    assert add_costs([0.5, 0.25]) == 0.75


def test_prices_from_config_are_used(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text(
        '[prices."claude-sonnet-5-5"]\ninput = 1.0\ncache_write = 0.0\ncache_read = 0.0\n'
        'output = 0.0\n')
    settings = load_settings()
    assert turn_cost(settings, "claude-sonnet-5-5", Usage(2_000_000, 5, 5, 5)) == 2.0
    # cache_write_1h left out: twice the input price, as the published tables have it.
    assert settings.price("claude-sonnet-5-5").base.cache_write_1h == 2.0


def test_a_long_prompt_band_can_be_configured(coach_home):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text(
        '[prices."my-model"]\ninput = 1\ncache_write = 1\ncache_read = 1\noutput = 1\n'
        'long_prompt_above = 10\n'
        '[prices."my-model".long_prompt]\ninput = 2\ncache_write = 2\ncache_read = 2\noutput = 2\n')
    price = load_settings().price("my-model")
    assert request_cost(price, Usage(10, 0, 0, 10)) == pytest.approx(20 / 1e6)
    assert request_cost(price, Usage(11, 0, 0, 10)) == pytest.approx(42 / 1e6)


@pytest.mark.parametrize("value", ["nan", "inf", "-1.0", "true", "'2'"])
def test_a_price_must_be_finite_and_not_negative(coach_home, value):
    coach_home.mkdir(parents=True, exist_ok=True)
    (coach_home / "config.toml").write_text(
        f'[prices."claude-sonnet-5-5"]\ninput = {value}\ncache_write = 0.0\ncache_read = 0.0\n'
        'output = 0.0\n')
    with pytest.raises(ConfigError) as err:
        load_settings()
    assert "prices.claude-sonnet-5-5.input must be a finite price >= 0" in str(err.value)
    assert "\n" not in str(err.value)


def test_rates_refuse_nan_even_when_built_in_code():
    with pytest.raises(ValueError):
        Price(Rates(float("nan"), 0, 0, 0, 0))


def test_usage_line_shows_the_three_input_kinds_hit_rate_cost_and_miss():
    line = format_usage_line(Usage(12, 140, 1_820, 55), 0.0012, miss_reason="system_changed",
                             session_cost=0.015)
    assert line == ("tokens: 12 uncached, 140 written, 1,820 read (hit rate 92%), 55 out; "
                    "cost $0.0012; session $0.0150; cache miss: system_changed")
    assert "cache miss" not in format_usage_line(Usage(1, 0, 0, 1), None)
    assert format_usage_line(Usage(1, 0, 0, 1), 0.001, session_cost=None,
                             show_session=True).endswith("session unknown")


def test_sum_and_empty_hit_rate():
    assert Usage(1, 2, 3, 4) + Usage(10, 20, 30, 40) == Usage(11, 22, 33, 44)
    assert Usage(0, 0, 0, 0).hit_rate is None
