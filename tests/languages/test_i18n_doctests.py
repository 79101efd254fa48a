"""The examples in bot.i18n's docstrings hold (typed names in any language, data words read
back as their English): the suite did not run them."""

import doctest

import bot.i18n


def test_the_i18n_docstring_examples_hold():
    result = doctest.testmod(bot.i18n)
    assert result.attempted > 0 and result.failed == 0
