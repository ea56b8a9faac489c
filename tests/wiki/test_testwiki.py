"""The local MediaWiki harness works: real wiki, real API, real pywikibot."""

from __future__ import annotations

import os
import socket
import time
from datetime import datetime, timezone

import pytest
import requests

from wikibot.testwiki import (
    INSTALL_COMMAND,
    LocalWiki,
    LocalWikiError,
    LocalWikiUnavailable,
    php_missing,
)


def wait_past(timestamp: str) -> None:
    """Sleep until the wall clock is past the whole second *timestamp*.

    MediaWiki revision timestamps have one-second resolution.
    """
    then = datetime.strptime(timestamp, '%Y-%m-%dT%H:%M:%SZ').replace(
        tzinfo=timezone.utc).timestamp()
    delay = then + 1.05 - time.time()
    if delay > 0:
        time.sleep(delay)


def history(local_wiki, title: str) -> list[dict]:
    """Revisions of *title*, newest first, per the API."""
    page = local_wiki.api(action='query', prop='revisions', titles=title,
                          rvprop='user|comment|timestamp|ids|content',
                          rvslots='main', rvlimit='max')['query']['pages'][0]
    return page['revisions']


# --- the wiki itself ----------------------------------------------------

def test_serves_our_local_settings(local_wiki):
    general = local_wiki.api(action='query', meta='siteinfo')['query'][
        'general']
    assert general['sitename'] == 'WikiBot Test Wiki'
    assert general['wikiid'] == local_wiki.wiki.dbname
    assert general['server'] == local_wiki.url


def test_users_and_groups(local_wiki):
    users = local_wiki.api(
        action='query', list='users', usprop='groups',
        ususers='WikiBot|AdminAlice|PlainBob')['query']['users']
    groups = {user['name']: set(user['groups']) for user in users}
    assert 'bot' in groups['WikiBot'] and 'sysop' not in groups['WikiBot']
    assert 'sysop' in groups['AdminAlice']
    assert 'sysop' not in groups['PlainBob']
    assert 'bot' not in groups['PlainBob']
    assert 'user' in groups['PlainBob']


def test_bot_password_secret_is_32_characters(local_wiki):
    assert local_wiki.bot.bot_login_name == 'WikiBot@wikibot'
    assert len(local_wiki.bot.bot_password_secret) == 32
    # ... and it logs in through action=login.
    session = local_wiki.wiki.session('WikiBot', bot_password=True)
    whoami = session.get(local_wiki.api_url, params={
        'action': 'query', 'meta': 'userinfo', 'uiprop': 'rights',
        'format': 'json', 'formatversion': '2'}).json()['query']['userinfo']
    assert whoami['name'] == 'WikiBot'
    assert {'bot', 'edit', 'rollback'} <= set(whoami['rights'])


def test_password_file_is_private(local_wiki):
    mode = os.stat(local_wiki.config.password_file).st_mode & 0o777
    assert mode == 0o600


def test_no_rate_limits(local_wiki):
    """$wgRateLimits = [] took effect (userinfo lists no limits)."""
    for user in ('PlainBob', 'AdminAlice', 'WikiBot'):
        info = local_wiki.api(user, action='query', meta='userinfo',
                              uiprop='ratelimits')['query']['userinfo']
        assert info['name'] == user
        assert not info.get('ratelimits'), info


# --- pywikibot ----------------------------------------------------------

def test_pywikibot_reads_our_config(local_wiki):
    config = local_wiki.pywikibot.config
    if not local_wiki.pywikibot_preimported:
        assert os.path.realpath(config.base_dir) == \
            str(local_wiki.config_dir)
    assert config.family_files[local_wiki.family] == local_wiki.api_url
    assert config.put_throttle == 0


def test_bot_logs_in_and_saves_a_page(local_wiki):
    pywikibot = local_wiki.pywikibot
    site = local_wiki.site()
    assert site.logged_in()
    assert site.user() == 'WikiBot'
    assert site.has_right('bot')

    title = local_wiki.title('Bot page')
    page = pywikibot.Page(site, title)
    assert not page.exists()
    page.text = "'''Hello''' from the bot."
    page.save('bot writes', minor=False)

    # Read back through pywikibot (a fresh object) and through the API.
    assert pywikibot.Page(site, title).text == "'''Hello''' from the bot."
    assert local_wiki.wiki.page_text(title) == "'''Hello''' from the bot."
    newest = history(local_wiki, title)[0]
    assert newest['user'] == 'WikiBot'
    assert newest['comment'] == 'bot writes'


def test_edit_as_shows_in_history(local_wiki):
    pywikibot = local_wiki.pywikibot
    title = local_wiki.title('Human page')
    local_wiki.edit_as('PlainBob', title, 'first', 'by Bob')
    result = local_wiki.edit_as(local_wiki.admin, title, 'second', 'by Alice')
    assert result['result'] == 'Success'

    revisions = list(pywikibot.Page(local_wiki.site(), title).revisions())
    assert [(r.user, r.comment) for r in revisions] == [
        ('AdminAlice', 'by Alice'), ('PlainBob', 'by Bob')]
    assert revisions[0].revid == result['newrevid']


def test_second_user_in_process_through_localhost(local_wiki):
    """One process, two users: 127.0.0.1 is WikiBot, localhost is Alice."""
    pywikibot = local_wiki.pywikibot
    bot_site = local_wiki.site()
    alice_site = local_wiki.alias_site()
    assert alice_site.user() == 'AdminAlice'
    assert alice_site.has_group('sysop')
    assert bot_site.user() == 'WikiBot'  # still; cookies did not mix

    title = local_wiki.title('Two users')
    page = pywikibot.Page(alice_site, title)
    page.text = 'Alice was here.'
    page.save('alice via pywikibot')
    page = pywikibot.Page(bot_site, title)
    page.text += '\nThe bot too.'
    page.save('bot via pywikibot')
    assert [r['user'] for r in history(local_wiki, title)] == [
        'WikiBot', 'AdminAlice']


# --- edit conflicts -------------------------------------------------------
#
# Observed with pywikibot 11.9 and MediaWiki 1.39 (Debian):
# * Page.save() -> APISite.editpage() sends ``basetimestamp`` = timestamp of
#   the revision pywikibot loaded (page.latest_revision), but NOT
#   ``baserevid`` (nor ``starttimestamp``).
# * MediaWiki's EditPage sees a conflict when that timestamp differs from
#   the current revision's; the API answers error code ``editconflict``,
#   which editpage() turns into ``pywikibot.exceptions.EditConflictError``
#   (a PageSaveRelatedError), raised by page.save(); nothing is saved.
# * MediaWiki first tries a three-way merge (diff3): edits touching
#   different lines are merged silently and save() succeeds.
# * Timestamps have one-second resolution: an intervening edit made in the
#   same second as the loaded revision is NOT detected (see the last test).
# * An intervening edit by the same user is not a conflict either
#   (EditPage's userWasLastToEdit rule).

def _load_then_intervene(local_wiki, base: str, theirs: str,
                         same_second: bool = False):
    """Create a page, load it in pywikibot, then PlainBob edits it."""
    pywikibot = local_wiki.pywikibot
    title = local_wiki.title('Conflict')
    created = local_wiki.edit_as('AdminAlice', title, base, 'base')
    page = pywikibot.Page(local_wiki.site(), title)
    assert page.text == base  # loads the latest revision
    assert page.latest_revision_id == created['newrevid']
    if not same_second:
        wait_past(created['newtimestamp'])
    intervening = local_wiki.edit_as('PlainBob', title, theirs, 'meanwhile')
    return page, created, intervening


def test_edit_conflict_raises(local_wiki):
    pywikibot = local_wiki.pywikibot
    from pywikibot.exceptions import EditConflictError, PageSaveRelatedError

    base = 'Score: 1'
    page, _, _ = _load_then_intervene(local_wiki, base, 'Score: 2 (Bob)')
    page.text = 'Score: 3 (bot)'
    with pytest.raises(EditConflictError) as caught:
        page.save('bot edit based on an old revision')
    assert isinstance(caught.value, PageSaveRelatedError)
    assert caught.value.page == page
    # Bob's edit survives; the bot's was not saved.
    assert local_wiki.wiki.page_text(page.title()) == 'Score: 2 (Bob)'
    assert [r['user'] for r in history(local_wiki, page.title())] == [
        'PlainBob', 'AdminAlice']
    assert pywikibot.exceptions.EditConflictError is EditConflictError


def test_non_overlapping_edits_are_merged(local_wiki):
    base = 'top\n\nmiddle\n\nbottom'
    page, _, _ = _load_then_intervene(
        local_wiki, base, 'top (Bob)\n\nmiddle\n\nbottom')
    page.text = 'top\n\nmiddle\n\nbottom (bot)'
    page.save('bot edit, different line')  # no EditConflictError
    assert local_wiki.wiki.page_text(page.title()) == \
        'top (Bob)\n\nmiddle\n\nbottom (bot)'


def test_same_second_intervening_edit_is_overwritten(local_wiki):
    """pywikibot sends basetimestamp only, so a same-second edit is lost.

    Documents a hazard for the bot; retried until the intervening edit
    really falls in the same second as the loaded revision.
    """
    for _ in range(10):
        page, created, intervening = _load_then_intervene(
            local_wiki, 'Score: 1', 'Score: 2 (Bob)', same_second=True)
        if intervening['newtimestamp'] == created['newtimestamp']:
            break
    else:  # pragma: no cover
        pytest.fail('could not make two edits within one second')
    page.text = 'Score: 3 (bot)'
    page.save('bot edit based on an old revision')  # no conflict raised
    assert local_wiki.wiki.page_text(page.title()) == 'Score: 3 (bot)'
    assert [r['user'] for r in history(local_wiki, page.title())] == [
        'WikiBot', 'PlainBob', 'AdminAlice']


# --- faults a test can switch on (tests/wiki/faults.py) -------------------------

def test_read_only_fault_refuses_writes_until_switched_off(local_wiki):
    wiki = local_wiki.wiki
    title = local_wiki.title('ReadOnly')
    wiki.set_faults(read_only='Backup running')
    try:
        with pytest.raises(LocalWikiError, match='readonly'):
            wiki.edit_as('AdminAlice', title, 'text')
        general = wiki.api(action='query', meta='siteinfo')['query'][
            'general']
        assert general['readonly'] and general['readonlyreason'] == \
            'Backup running'
    finally:
        wiki.set_faults()
    wiki.edit_as('AdminAlice', title, 'text')
    assert wiki.page_text(title) == 'text'


def test_delay_fault_slows_every_request(local_wiki):
    wiki = local_wiki.wiki
    wiki.set_faults(delay=0.5)
    try:
        started = time.monotonic()
        wiki.api(action='query', meta='siteinfo')
        assert time.monotonic() - started >= 0.5
    finally:
        wiki.set_faults()
    started = time.monotonic()
    wiki.api(action='query', meta='siteinfo')
    assert time.monotonic() - started < 0.5


@pytest.mark.slow
def test_lag_fault_gives_mediawikis_maxlag_error_while_a_job_waits(
        local_wiki):
    wiki = local_wiki.wiki
    wiki.set_faults(lag=30)
    try:
        wiki.queue_job()
        with pytest.raises(LocalWikiError, match='maxlag'):
            wiki.api(action='query', meta='siteinfo', maxlag=5)
    finally:
        wiki.set_faults()
        wiki.run_jobs()
    wiki.api(action='query', meta='siteinfo', maxlag=5)


def test_pause_and_resume_keep_the_wiki(local_wiki):
    wiki = local_wiki.wiki
    title = local_wiki.title('Paused')
    wiki.edit_as('AdminAlice', title, 'before the pause')
    port = wiki.port
    wiki.pause()
    try:
        assert not wiki.running
        with pytest.raises(requests.ConnectionError):
            requests.get(wiki.api_url, timeout=5)
    finally:
        wiki.resume()
    assert wiki.running and wiki.port == port
    assert wiki.page_text(title) == 'before the pause'


def test_protect_as_a_sysop_stops_other_users(local_wiki):
    wiki = local_wiki.wiki
    title = local_wiki.title('Protected')
    wiki.edit_as('AdminAlice', title, 'text')
    wiki.protect_as('AdminAlice', title)
    with pytest.raises(LocalWikiError, match='protectedpage'):
        wiki.edit_as('PlainBob', title, 'changed')
    wiki.edit_as('AdminAlice', title, 'changed by an admin')
    wiki.protect_as('AdminAlice', title, level='')
    wiki.edit_as('PlainBob', title, 'changed')
    assert wiki.page_text(title) == 'changed'


def test_invalidate_sessions_logs_a_user_out_everywhere(local_wiki):
    wiki = local_wiki.wiki
    def user_of(session):
        return session.get(wiki.api_url, params={
            'action': 'query', 'meta': 'userinfo', 'format': 'json',
            'formatversion': '2'}, timeout=60).json()['query']['userinfo']

    before = wiki.session('PlainBob')
    assert user_of(before)['name'] == 'PlainBob'
    wiki.invalidate_sessions('PlainBob')
    assert user_of(before).get('anon')  # its cookies no longer log it in
    assert user_of(wiki.session('PlainBob'))['name'] == 'PlainBob'


# --- the harness's own life cycle ------------------------------------------

def test_php_missing_names_the_apt_command(tmp_path):
    assert php_missing() is None  # this machine has everything
    message = php_missing(php='no-such-php-binary',
                          mediawiki_dir=tmp_path)
    assert 'apt-get install -y --no-install-recommends php-cli mediawiki' \
        in message
    assert INSTALL_COMMAND in message
    with pytest.raises(LocalWikiUnavailable, match='apt-get install'):
        LocalWiki(mediawiki_dir=tmp_path).start(tmp_path / 'wiki')


def test_start_stop_leaves_no_process(tmp_path):
    with LocalWiki('Short-lived').start(tmp_path / 'w') as wiki:
        assert wiki.running
        pid = wiki.process.pid
        assert os.getpgid(pid) == pid  # its own process group
        general = wiki.api(action='query', meta='siteinfo')['query'][
            'general']
        assert general['sitename'] == 'Short-lived'
        assert wiki.api_url == f'http://127.0.0.1:{wiki.port}/api.php'
        assert (tmp_path / 'w' / 'LocalSettings.php').is_file()
        assert wiki.directory == (tmp_path / 'w').resolve()
    assert not wiki.running
    with pytest.raises(ProcessLookupError):
        os.killpg(pid, 0)
    wiki.stop()  # idempotent
    with pytest.raises(LocalWikiError, match='exists already'):
        LocalWiki().start(tmp_path / 'w')


def test_start_on_a_port_given_and_refuse_a_taken_one(tmp_path, local_wiki):
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]
    with LocalWiki('On a port').start(tmp_path / 'w', port=port) as wiki:
        assert wiki.port == port and wiki.api_url == f'http://127.0.0.1:{port}/api.php'
        assert wiki.api(action='query', meta='siteinfo')['query']['general']['sitename'] == 'On a port'
    with pytest.raises(LocalWikiError, match=f'port {local_wiki.wiki.port} of 127.0.0.1 is taken'):
        LocalWiki('Taken').start(tmp_path / 'x', port=local_wiki.wiki.port)


def test_start_fails_clearly_when_server_dies(tmp_path):
    # A broken LocalSettings.php: the installer's file plus a PHP error.
    wiki = LocalWiki(php='php', start_timeout=5,
                     settings='throw new Exception("broken on purpose");')
    with pytest.raises(LocalWikiError) as caught:
        wiki.start(tmp_path / 'w')
    assert not wiki.running
    assert 'api.php' in str(caught.value)
    assert 'broken on purpose' in str(caught.value) or \
        'HTTP 500' in str(caught.value)


def test_timings(local_wiki, capsys):
    """Not a benchmark: prints set-up and read+edit times (pytest -s)."""
    pywikibot = local_wiki.pywikibot
    site = local_wiki.site()
    title = local_wiki.title('Timing')
    local_wiki.edit_as('PlainBob', title, 'start')
    started = time.monotonic()
    page = pywikibot.Page(site, title)
    page.text = page.text + ' +1'
    page.save('timing')
    read_edit = time.monotonic() - started
    with capsys.disabled():
        print(f'\n[local wiki] set-up {local_wiki.setup_seconds:.2f}s, '
              f'one pywikibot read+edit {read_edit:.3f}s')
    assert read_edit < 5


def test_edit_as_logs_in_again_when_the_wiki_ended_its_session(local_wiki):
    """The edit token is asked once per session; a session the wiki ended (here every session of
    the user, by MediaWiki's own script) is made again, and the edit is still the user's own:
    with the token kept from before, and with none yet (the wiki would give an anonymous one)."""
    wiki = local_wiki.wiki
    title = local_wiki.title('Session ended')
    wiki.edit_as('PlainBob', title, 'first')          # the token is kept
    wiki.run_maintenance('invalidateUserSessions', '--user', 'PlainBob')
    wiki.edit_as('PlainBob', title, 'second')
    wiki.close_sessions('PlainBob')
    wiki.api('PlainBob', action='query', meta='userinfo')  # logged in, no token asked yet
    wiki.run_maintenance('invalidateUserSessions', '--user', 'PlainBob')
    result = wiki.edit_as('PlainBob', title, 'third')
    assert wiki.page_text(title) == 'third'
    revisions = history(local_wiki, title)
    assert [r['user'] for r in revisions] == ['PlainBob'] * 3
    assert revisions[0]['revid'] == result['newrevid']
