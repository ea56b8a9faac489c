"""A real MediaWiki for the wiki tests, started once per test session.

The ``local_wiki`` fixture installs and serves a throwaway MediaWiki
(:class:`faults.FaultyWiki`: :class:`wikibot.testwiki.LocalWiki` with the faults a
test switches on and off) with three users:

* ``WikiBot``    -- bot group, with a bot password; pywikibot logs in as it;
* ``AdminAlice`` -- sysop;
* ``PlainBob``   -- no groups.

Tests share the wiki and must use distinct page titles
(``local_wiki.title('...')`` makes unique ones).

If PHP or MediaWiki is missing the fixture FAILS (it does not skip: a
skipped wiki test proves nothing) with the apt-get command to run.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from faults import FaultyWiki
from wikibot.testwiki import (
    Credentials,
    LocalWikiUnavailable,
    PywikibotConfig,
    php_missing,
)


@dataclasses.dataclass
class WikiHarness:
    """Everything a wiki test needs (the ``local_wiki`` fixture's value)."""

    wiki: FaultyWiki
    config: PywikibotConfig
    pywikibot: ModuleType
    bot: Credentials
    admin: Credentials
    plain: Credentials
    setup_seconds: float
    #: pywikibot was imported before the fixture ran, so it did not read
    #: our user-config.py; the fixture set the same values in place.
    pywikibot_preimported: bool = False
    _counter: itertools.count = dataclasses.field(
        default_factory=itertools.count)

    @property
    def url(self) -> str:
        return self.wiki.url

    @property
    def api_url(self) -> str:
        return self.wiki.api_url

    @property
    def family(self) -> str:
        return self.config.family

    @property
    def code(self) -> str:
        return self.config.code

    @property
    def config_dir(self) -> Path:
        return self.config.directory

    def site(self, login: bool = True):
        """``pywikibot.Site(code, family)``, logged in as WikiBot."""
        site = self.pywikibot.Site(self.config.code, self.config.family)
        if login:
            site.login()
        return site

    def alias_site(self, login: bool = True):
        """The same wiki via localhost, logged in as ``config.alias_user``."""
        site = self.pywikibot.Site(self.config.alias_code,
                                   self.config.alias_family)
        if login:
            site.login()
        return site

    def edit_as(self, user: str | Credentials, title: str, text: str,
                summary: str = '', **params) -> dict:
        """Edit through the real API as *user* (not through pywikibot)."""
        return self.wiki.edit_as(user, title, text, summary, **params)

    def api(self, user: str | Credentials | None = None, **params) -> dict:
        return self.wiki.api(user, **params)

    def title(self, stem: str) -> str:
        """A page title no other test uses."""
        return f'{stem} {next(self._counter)} {time.monotonic_ns()}'

    @property
    def env(self) -> dict[str, str]:
        """Environment for a subprocess running pywikibot on this wiki."""
        return {**os.environ, 'PYWIKIBOT_DIR': str(self.config.directory)}


def _import_pywikibot(config: PywikibotConfig) -> tuple[ModuleType, bool]:
    """Import pywikibot configured by *config*.

    pywikibot reads user-config.py once, when first imported, from
    $PYWIKIBOT_DIR; so set it first.  If some other module imported
    pywikibot earlier, its configuration is re-pointed at this wiki.
    """
    already = 'pywikibot' in sys.modules
    os.environ['PYWIKIBOT_DIR'] = str(config.directory)
    import pywikibot
    from pywikibot import config as pwb_config

    if not already:
        assert Path(pwb_config.base_dir).resolve() == config.directory, (
            f'pywikibot read its config from {pwb_config.base_dir}, '
            f'not {config.directory}')
    else:  # pragma: no cover - depends on what other tests imported
        # Too late for user-config.py: apply the same settings in place,
        # including base_dir, where cookie jars, throttle.ctrl and logs go.
        pwb_config.base_dir = str(config.directory)
        pwb_config.family_files[config.family] = config.api_url
        pwb_config.family_files[config.alias_family] = config.alias_api_url
        pwb_config.usernames[config.family]['*'] = config.user
        pwb_config.usernames[config.alias_family]['*'] = config.alias_user
        pwb_config.password_file = str(config.password_file)
        pwb_config.put_throttle = 0
        pwb_config.minthrottle = 0
        pwb_config.max_retries = 2
        pwb_config.retry_wait = 1
    return pywikibot, already


#: Shared memory, where the machine has it: the session's wiki lives there.
MEMORY = Path('/dev/shm')


def _wiki_directory(tmp_path_factory) -> tuple[Path, bool]:
    """Where the session's wiki is installed, and whether it is to be removed at the end.

    In memory (``/dev/shm``) where the machine has it: the wiki is thrown away at the end, and on a
    disk SQLite's syncs were most of an edit's time (about 3× slower).  Elsewhere, pytest's
    temporary directory."""
    if MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
        return Path(tempfile.mkdtemp(prefix='wikibot-testwiki-', dir=MEMORY)), True
    return tmp_path_factory.mktemp('localwiki'), False


@pytest.fixture(scope='session')
def local_wiki(tmp_path_factory, pytestconfig) -> WikiHarness:
    problem = php_missing()
    if problem:
        pytest.fail(problem, pytrace=False)
    started = time.monotonic()
    directory, remove = _wiki_directory(tmp_path_factory)
    wiki = FaultyWiki('WikiBot Test Wiki')
    try:
        port = pytestconfig.getoption('wiki_port') or int(os.environ.get('WIKIBOT_TEST_PORT') or 0) or None
        if port is not None:  # each pytest-xdist worker serves its own wiki: the port given, plus the worker's number
            port += int(os.environ.get('PYTEST_XDIST_WORKER', 'gw0')[2:] or 0)
        wiki.start(directory / 'wiki', port=port)
    except LocalWikiUnavailable as exc:  # pragma: no cover
        pytest.fail(str(exc), pytrace=False)
    try:
        bot = wiki.create_user('WikiBot', groups=('bot',))
        wiki.create_bot_password(bot, 'wikibot')
        wiki.create_user('AdminAlice', groups=('sysop',))
        wiki.create_user('PlainBob')
        config = wiki.write_pywikibot_config(
            directory / 'pywikibot', 'testwiki',
            users=['WikiBot', 'AdminAlice', 'PlainBob'],
            user='WikiBot', alias_user='AdminAlice')
        pywikibot, preimported = _import_pywikibot(config)
        harness = WikiHarness(
            wiki=wiki, config=config, pywikibot=pywikibot,
            bot=wiki.users['WikiBot'], admin=wiki.users['AdminAlice'],
            plain=wiki.users['PlainBob'], pywikibot_preimported=preimported,
            setup_seconds=time.monotonic() - started)
        yield harness
    finally:
        wiki.stop()
        if remove:
            shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def wiki_title(local_wiki) -> Callable[[str], str]:
    """``wiki_title('Stem')`` returns a page title unique to this test."""
    return local_wiki.title


@pytest.fixture
def bot(local_wiki, tmp_path, wiki_title):
    """A bot (:class:`wikibot.site.Wiki`) with a game of its own, so tests do not meet: the 2023 Ruleset and a
    run page that says true, created by AdminAlice (the request page is not there yet); its state directory is
    the test's own."""
    from fixturedata import fixture_text
    from wikibot.config import Settings
    from wikibot.site import Wiki

    stem = wiki_title('Game')
    settings = Settings(config_dir=tmp_path, ruleset=f'{stem}/Ruleset', requests=f'{stem}/Requests',
                        run=f'{stem}/Run', state_dir=tmp_path / 'state')
    local_wiki.edit_as(local_wiki.admin, settings.ruleset, fixture_text('ruleset_2023.wiki'))
    local_wiki.edit_as(local_wiki.admin, settings.run, 'true')
    return Wiki(local_wiki.site(), settings)


@pytest.fixture
def full_load(pytestconfig) -> bool:
    """``--full-load``: the load tests run at the sizes ``bench/load.py`` times, not the smaller ones
    that prove the same properties."""
    return pytestconfig.getoption('full_load')
