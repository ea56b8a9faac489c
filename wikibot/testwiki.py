"""A throwaway local MediaWiki for tests and demos.

:class:`LocalWiki` installs a fresh MediaWiki (Debian's ``mediawiki``
package, SQLite database) into a directory of its own, serves it with PHP's
built-in web server on a free port of 127.0.0.1, creates users and bot
passwords with MediaWiki's maintenance scripts, writes a Pywikibot
configuration pointing at it, and can make edits as any user through the
real MediaWiki API (:meth:`LocalWiki.edit_as`).  ``LocalWiki(settings=...)``
adds PHP of its own to the wiki's LocalSettings.php (the wiki tests add
the faults they switch on and off that way).

Nothing here fakes MediaWiki or Pywikibot: the wiki is the real software.
This module does not import pytest (the test fixture lives in
``tests/wiki/conftest.py``) nor pywikibot (which must be configured before
it is first imported; see :meth:`LocalWiki.write_pywikibot_config`).

Layout of a wiki directory::

    DIR/LocalSettings.php   selected through the MW_CONFIG_FILE variable
    DIR/data/               the SQLite databases
    DIR/server.log          the PHP server's output (request log, errors)

Required Debian packages: see :data:`INSTALL_COMMAND`.
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Iterable, Sequence
from pathlib import Path

import requests

__all__ = [
    'BOT_PASSWORD_GRANTS',
    'INSTALL_COMMAND',
    'Credentials',
    'LocalWiki',
    'LocalWikiError',
    'LocalWikiUnavailable',
    'PywikibotConfig',
    'php_missing',
    'require_php',
]

#: Where Debian's ``mediawiki`` package puts MediaWiki (the document root).
MEDIAWIKI_DIR = Path(os.environ.get('WIKIBOT_MEDIAWIKI_DIR',
                                    '/usr/share/mediawiki'))
#: The PHP command line interpreter.
PHP = os.environ.get('WIKIBOT_PHP', 'php')

#: The command that installs everything this module needs on Debian.
INSTALL_COMMAND = ('apt-get install -y --no-install-recommends '
                   'mediawiki php-cli php-sqlite3')

#: Grants given to bot passwords by :meth:`LocalWiki.create_bot_password`.
BOT_PASSWORD_GRANTS = ('basic', 'highvolume', 'editpage', 'editprotected',
                       'createeditmovepage', 'rollback', 'patrol')

#: Seconds :meth:`LocalWiki.start` waits for api.php to answer.
START_TIMEOUT = 15.0

#: Appended to the installer's LocalSettings.php.
_TEST_SETTINGS = """
# ---- added by wikibot.testwiki: settings for a throwaway test wiki ----
$wgRateLimits = [];
$wgGroupPermissions['bot']['rollback'] = true;
$wgEnableBotPasswords = true;
$wgShowExceptionDetails = true;
$wgShowDBErrorBacktrace = true;
$wgDebugLogFile = '';
# No stale pages: no parser/page caching; sessions live in the SQLite DB.
$wgMainCacheType = CACHE_NONE;
$wgParserCacheType = CACHE_NONE;
$wgSessionCacheType = CACHE_DB;
$wgCachePages = false;
$wgUseFileCache = false;
# Run queued jobs inside the request that queued them (no async HTTP call).
$wgRunJobsAsync = false;
$wgJobRunRate = 1;
# Nothing leaves this machine.
$wgEnableEmail = false;
$wgEnableUploads = false;
$wgPingback = false;
"""


class LocalWikiError(RuntimeError):
    """The local wiki failed (installation, start-up, a script, an API call).

    ``code`` is the API's error code when the API refused a call.
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class LocalWikiUnavailable(LocalWikiError):
    """PHP or MediaWiki is not installed; the message says how to install."""


def php_missing(php: str = PHP,
                mediawiki_dir: str | os.PathLike = MEDIAWIKI_DIR) -> str | None:
    """Return why a local wiki cannot run here, or None if it can.

    The message names what is missing and ends with the exact ``apt-get``
    command installing it.
    """
    missing: list[tuple[str, str]] = []  # (what, Debian package)
    php_path = shutil.which(php)
    if php_path is None:
        missing.append((f'the PHP interpreter {php!r}', 'php-cli'))
    if not (Path(mediawiki_dir) / 'maintenance' / 'install.php').is_file():
        missing.append((f'MediaWiki in {mediawiki_dir}', 'mediawiki'))
    if php_path is not None:
        try:
            modules = subprocess.run(
                [php_path, '-m'], capture_output=True, text=True,
                timeout=30, check=True).stdout.lower().split()
        except (OSError, subprocess.SubprocessError) as exc:
            missing.append((f'a working {php_path} ({exc})', 'php-cli'))
        else:
            for module, package in (('pdo_sqlite', 'php-sqlite3'),
                                    ('mbstring', 'php-mbstring'),
                                    ('intl', 'php-intl'),
                                    ('dom', 'php-xml')):
                if module not in modules:
                    missing.append((f'the PHP extension {module}', package))
    if not missing:
        return None
    packages = ' '.join(dict.fromkeys(package for _, package in missing))
    return ('A local MediaWiki cannot run: missing '
            + '; '.join(what for what, _ in missing)
            + f'.\nInstall with: apt-get install -y --no-install-recommends '
            f'{packages}\n(everything at once: {INSTALL_COMMAND})')


def require_php(php: str = PHP,
                mediawiki_dir: str | os.PathLike = MEDIAWIKI_DIR) -> None:
    """Raise :class:`LocalWikiUnavailable` if :func:`php_missing` says so."""
    problem = php_missing(php, mediawiki_dir)
    if problem:
        raise LocalWikiUnavailable(problem)


def strong_password() -> str:
    """Return a password MediaWiki accepts for sysops and bots."""
    return 'Pw-' + secrets.token_urlsafe(24)


@dataclasses.dataclass(frozen=True)
class Credentials:
    """A user of the local wiki.

    ``password`` is the main account password (for action=clientlogin);
    ``bot_password_appid``/``bot_password_secret`` are set once a bot
    password exists; the bot-password login name is ``bot_login_name``.
    """

    username: str
    password: str
    groups: tuple[str, ...] = ()
    bot_password_appid: str | None = None
    bot_password_secret: str | None = dataclasses.field(default=None,
                                                        repr=False)

    @property
    def bot_login_name(self) -> str | None:
        """``User@appid``, the name to log in with the bot password."""
        if self.bot_password_appid is None:
            return None
        return f'{self.username}@{self.bot_password_appid}'

    def __repr__(self) -> str:  # never print a password
        return (f'Credentials(username={self.username!r}, '
                f'groups={self.groups!r}, '
                f'bot_password_appid={self.bot_password_appid!r})')


@dataclasses.dataclass(frozen=True)
class PywikibotConfig:
    """What :meth:`LocalWiki.write_pywikibot_config` wrote.

    Use ``pywikibot.Site(code, family)`` for the wiki reached at 127.0.0.1
    (logged in as ``user``) and ``pywikibot.Site(alias_code,
    alias_family)`` for the same wiki reached at localhost (logged in as
    ``alias_user``): the host names differ, so do the cookie jars' domains,
    so one process can be two users at once.
    """

    directory: Path
    family: str
    code: str
    user: str
    alias_family: str
    alias_code: str
    alias_user: str
    user_config: Path
    password_file: Path
    api_url: str = ''
    alias_api_url: str = ''


_live_wikis: weakref.WeakSet[LocalWiki] = weakref.WeakSet()


@atexit.register
def _stop_all_wikis() -> None:
    for wiki in list(_live_wikis):
        wiki.stop()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(('127.0.0.1', port))
        except OSError:
            return False
        return True


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Ask Linux to SIGTERM the server when this Python process dies.

    atexit does not run on SIGKILL; this does.  (PR_SET_PDEATHSIG fires
    when the *thread* that forked exits, so start wikis from a thread that
    outlives them, e.g. the main thread.)
    """
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
    except Exception:
        pass


class LocalWiki:
    """A throwaway MediaWiki served by ``php -S`` on 127.0.0.1.

    Usage::

        with LocalWiki().start(tmpdir) as wiki:
            bot = wiki.create_user('WikiBot', groups=('bot',))
            wiki.create_bot_password(bot)
            wiki.edit_as('WikiAdmin', 'Sandbox', 'hello', 'test')

    ``start`` installs MediaWiki into the directory (~1 s) and serves it;
    ``stop`` (also called by ``with``, at interpreter exit, and if this
    process dies) kills the server's whole process group; ``serve``
    serves the same wiki again.  *settings*: PHP appended to the wiki's
    LocalSettings.php, after this module's own settings.
    """

    def __init__(self, sitename: str = 'TestWiki', *,
                 admin_name: str = 'WikiAdmin',
                 php: str = PHP,
                 mediawiki_dir: str | os.PathLike = MEDIAWIKI_DIR,
                 start_timeout: float = START_TIMEOUT,
                 settings: str = '') -> None:
        self.sitename = sitename
        self.settings = settings
        self.admin_name = admin_name
        self.php = php
        self.mediawiki_dir = Path(mediawiki_dir)
        self.start_timeout = start_timeout
        self.directory: Path | None = None
        self.port: int | None = None
        self.dbname: str | None = None
        self.process: subprocess.Popen | None = None
        #: Every user created through this object (and the installer's admin).
        self.users: dict[str, Credentials] = {}
        self._sessions: dict[tuple[str, str], requests.Session] = {}
        self._csrf_tokens: dict[str, str] = {}  # user name -> token of its main session
        self._anon = requests.Session()
        self._siteinfo: dict = {}

    # ------------------------------------------------------------------
    # addresses

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, the wiki's $wgServer."""
        self._require_started()
        return f'http://127.0.0.1:{self.port}'

    @property
    def api_url(self) -> str:
        """``http://127.0.0.1:PORT/api.php``."""
        return self.url + '/api.php'

    @property
    def alias_api_url(self) -> str:
        """The same api.php reached as ``localhost`` (other cookie domain)."""
        self._require_started()
        return f'http://localhost:{self.port}/api.php'

    @property
    def local_settings(self) -> Path:
        assert self.directory is not None
        return self.directory / 'LocalSettings.php'

    @property
    def log_file(self) -> Path:
        assert self.directory is not None
        return self.directory / 'server.log'

    @property
    def admin(self) -> Credentials:
        """The sysop/bureaucrat account created by the installer."""
        return self.users[self.admin_name]

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _require_started(self) -> None:
        if self.port is None:
            raise LocalWikiError('the local wiki has not been started')

    # ------------------------------------------------------------------
    # life cycle

    def start(self, directory: str | os.PathLike, port: int | None = None) -> LocalWiki:
        """Install MediaWiki into *directory* and serve it; return self.

        *directory* is created if needed and must not hold a
        LocalSettings.php already.  Waits until api.php answers and checks
        that it serves *this* wiki (its sitename and database name).
        *port*: serve on this port of 127.0.0.1 (a free one when None); a
        port given that is taken is an error, never another port.
        """
        if self.process is not None:
            raise LocalWikiError('this LocalWiki is already started')
        require_php(self.php, self.mediawiki_dir)
        self.directory = Path(directory).resolve()
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.local_settings.exists():
            raise LocalWikiError(f'{self.local_settings} exists already; '
                                 'give start() a fresh directory')
        if port and not _port_free(port):
            raise LocalWikiError(f'port {port} of 127.0.0.1 is taken: give another port, or none for a free one')
        self.port = port or _free_port()
        self.dbname = f'wiki_{self.port}'
        admin_password = strong_password()
        self._install(admin_password)
        self.users[self.admin_name] = Credentials(
            self.admin_name, admin_password, ('sysop', 'bureaucrat'))
        try:
            for attempt in range(3):
                try:
                    self.serve()
                    break
                except _PortTaken:
                    if attempt == 2 or port:
                        raise LocalWikiError(f'port {self.port} of 127.0.0.1 is taken: give '
                                             'another port, or none for a free one') from None
                    # Someone took the port between bind(0) and php -S.
                    old = f'http://127.0.0.1:{self.port}'
                    self.port = _free_port()
                    text = self.local_settings.read_text()
                    self.local_settings.write_text(
                        text.replace(old, f'http://127.0.0.1:{self.port}'))
            self._check_identity()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Kill the server's process group (idempotent, never raises).

        The wiki's files and port are kept: :meth:`serve` serves it again.
        """
        self.close_sessions()
        _live_wikis.discard(self)
        self._kill_server()

    def _kill_server(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=5)
        # Workers (PHP_CLI_SERVER_WORKERS) share the group; make sure.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def __enter__(self) -> LocalWiki:
        if self.process is None:
            raise LocalWikiError('call start(directory) first: '
                                 'with LocalWiki().start(d) as wiki: ...')
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f'running at {self.url}' if self.running else 'stopped'
        return f'<LocalWiki {self.sitename!r} {state} in {self.directory}>'

    # ------------------------------------------------------------------
    # PHP

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env['MW_CONFIG_FILE'] = str(self.local_settings)
        return env

    def run_maintenance(self, script: str, *args: str,
                        timeout: float = 120,
                        input_text: str | None = None) -> str:
        """Run ``maintenance/SCRIPT.php ARGS`` on this wiki; return stdout.

        *input_text* is given to the script on its standard input.
        """
        path = self.mediawiki_dir / 'maintenance' / f'{script}.php'
        command = [self.php, str(path), *args]
        try:
            done = subprocess.run(command, cwd=self.directory,
                                  env=self._env(), capture_output=True,
                                  text=True, timeout=timeout,
                                  input=input_text)
        except subprocess.TimeoutExpired as exc:
            raise LocalWikiError(f'{script}.php timed out after {timeout}s'
                                 ) from exc
        if done.returncode != 0:
            raise LocalWikiError(
                f'{script}.php failed (exit {done.returncode}):\n'
                f'{done.stdout[-2000:]}{done.stderr[-2000:]}')
        return done.stdout

    def _install(self, admin_password: str) -> None:
        data = self.directory / 'data'
        self.run_maintenance(
            'install',
            '--dbtype', 'sqlite', '--dbpath', str(data),
            '--dbname', self.dbname,
            '--server', f'http://127.0.0.1:{self.port}',
            '--scriptpath', '', '--confpath', str(self.directory),
            '--lang', 'en', '--pass', admin_password,
            self.sitename, self.admin_name)
        if not self.local_settings.is_file():
            raise LocalWikiError(f'install.php wrote no {self.local_settings}')
        with self.local_settings.open('a') as settings:
            settings.write(_TEST_SETTINGS)
            if self.settings:
                settings.write('\n# ---- added by LocalWiki(settings=...) ----\n'
                               + self.settings + '\n')

    def serve(self) -> None:
        """Serve the installed wiki on its port; return once api.php answers.

        Nothing happens if it is serving already.  :meth:`start` calls it;
        after :meth:`stop` it serves the same wiki again.
        """
        self._require_started()
        if self.running:
            return
        _live_wikis.add(self)
        command = [self.php, '-S', f'127.0.0.1:{self.port}',
                   '-t', str(self.mediawiki_dir)]
        with self.log_file.open('ab') as log:
            log.write(f'--- {" ".join(command)}\n'.encode())
            log.flush()
            kwargs = {}
            # PR_SET_PDEATHSIG follows the forking *thread*: only tie the
            # server to the main thread (one started from another thread,
            # e.g. by serve() in a timer, is stopped by stop() or atexit).
            if sys.platform.startswith('linux') \
                    and threading.current_thread() is threading.main_thread():
                kwargs['preexec_fn'] = _die_with_parent
            self.process = subprocess.Popen(
                command, cwd=self.directory, env=self._env(),
                stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                start_new_session=True, **kwargs)
        deadline = time.monotonic() + self.start_timeout
        last_error = 'no answer yet'
        while True:
            if self.process.poll() is not None:
                tail = self.log_tail()
                self.process = None
                if 'Address already in use' in tail:
                    raise _PortTaken(tail)
                raise LocalWikiError(
                    f'php -S exited before api.php answered; '
                    f'{self.log_file} ends with:\n{tail}')
            try:
                response = self._anon.get(
                    self.api_url,
                    params={'action': 'query', 'meta': 'siteinfo',
                            'format': 'json', 'formatversion': '2'},
                    timeout=5)
                if response.status_code == 200:
                    self._siteinfo = response.json()['query']['general']
                    return
                last_error = f'HTTP {response.status_code}: ' \
                             f'{response.text[-1500:]}'
                if response.status_code == 500:
                    # MediaWiki itself failed (bad settings, PHP error):
                    # waiting will not help.
                    self.stop()
                    raise LocalWikiError(
                        f'api.php at {self.api_url} failed: {last_error}\n'
                        f'{self.log_file} ends with:\n{self.log_tail()}')
            except (requests.RequestException, ValueError, KeyError) as exc:
                last_error = repr(exc)
            if time.monotonic() > deadline:
                self.stop()
                raise LocalWikiError(
                    f'api.php at {self.api_url} did not answer within '
                    f'{self.start_timeout}s (last: {last_error}); '
                    f'{self.log_file} ends with:\n{self.log_tail()}')
            time.sleep(0.05)

    def _check_identity(self) -> None:
        """Fail unless the server really loaded our LocalSettings.php."""
        info = self._siteinfo
        if info.get('sitename') != self.sitename \
                or info.get('wikiid') != self.dbname:
            raise LocalWikiError(
                f'{self.api_url} serves sitename={info.get("sitename")!r} '
                f'wikiid={info.get("wikiid")!r}, expected '
                f'{self.sitename!r}/{self.dbname!r}: MW_CONFIG_FILE='
                f'{self.local_settings} was not used')

    def log_tail(self, lines: int = 40) -> str:
        """The last *lines* lines of the PHP server's output."""
        try:
            text = self.log_file.read_text(errors='replace')
        except OSError as exc:
            return f'(cannot read {self.log_file}: {exc})'
        return '\n'.join(text.splitlines()[-lines:])

    # ------------------------------------------------------------------
    # users

    def create_user(self, name: str, password: str | None = None,
                    groups: Sequence[str] = ()) -> Credentials:
        """Create user *name* in *groups* (e.g. ``('sysop',)``, ``('bot',)``).

        The password defaults to a strong random one (MediaWiki refuses
        weak passwords for sysops and bots at login).
        """
        self._require_started()
        password = password or strong_password()
        flags = []
        custom = []
        for group in groups:
            if group in ('sysop', 'bot', 'bureaucrat', 'interface-admin'):
                flags.append(f'--{group}')
            else:
                custom.append(group)
        if custom:
            flags += ['--custom-groups', ','.join(custom)]
        self.run_maintenance('createAndPromote', *flags, name, password)
        credentials = Credentials(name, password, tuple(groups))
        self.users[name] = credentials
        return credentials

    def create_bot_password(self, user: str | Credentials,
                            appid: str = 'wikibot',
                            grants: Iterable[str] = BOT_PASSWORD_GRANTS
                            ) -> str:
        """Create the bot password ``USER@APPID``; return its secret.

        The user's entry in :attr:`users` is updated with it.
        """
        name = user.username if isinstance(user, Credentials) else user
        secret = secrets.token_hex(16)  # exactly 32 characters
        self.run_maintenance('createBotPassword', '--appid', appid,
                             '--grants', ','.join(grants), name, secret)
        if name in self.users:
            self.users[name] = dataclasses.replace(
                self.users[name], bot_password_appid=appid,
                bot_password_secret=secret)
        return secret

    def _credentials(self, user: str | Credentials) -> Credentials:
        if isinstance(user, Credentials):
            return user
        try:
            return self.users[user]
        except KeyError:
            raise LocalWikiError(f'unknown user {user!r}; known: '
                                 f'{sorted(self.users)}') from None

    # ------------------------------------------------------------------
    # the API, without pywikibot

    def api(self, user: str | Credentials | None = None, *,
            post: bool = False, **params) -> dict:
        """Call api.php (anonymously, or logged in as *user*); return JSON.

        ``format=json&formatversion=2`` are added.  An API error raises
        :class:`LocalWikiError`.
        """
        session = self._anon if user is None else self.session(user)
        params = {'format': 'json', 'formatversion': '2', **params}
        if post:
            response = session.post(self.api_url, data=params, timeout=60)
        else:
            response = session.get(self.api_url, params=params, timeout=60)
        response.raise_for_status()
        try:
            result = response.json()
        except ValueError:
            raise LocalWikiError(
                f'api.php answered non-JSON: {response.text[-2000:]}'
            ) from None
        if 'error' in result:
            error = result['error']
            raise LocalWikiError(f'API error {error.get("code")}: '
                                 f'{error.get("info")}', error.get('code'))
        return result

    def session(self, user: str | Credentials,
                bot_password: bool = False) -> requests.Session:
        """A ``requests.Session`` logged in as *user* (cached per user).

        Main password through ``action=clientlogin`` by default; with
        *bot_password*, ``action=login`` as ``User@appid``.
        """
        credentials = self._credentials(user)
        key = (credentials.username, 'bot' if bot_password else 'main')
        if key in self._sessions:
            return self._sessions[key]
        session = requests.Session()
        token = session.get(self.api_url, params={
            'action': 'query', 'meta': 'tokens', 'type': 'login',
            'format': 'json'}, timeout=60).json()
        token = token['query']['tokens']['logintoken']
        if bot_password:
            if credentials.bot_login_name is None:
                raise LocalWikiError(f'{credentials.username} has no bot '
                                     'password')
            answer = session.post(self.api_url, data={
                'action': 'login', 'lgname': credentials.bot_login_name,
                'lgpassword': credentials.bot_password_secret,
                'lgtoken': token, 'format': 'json'}, timeout=60).json()
            ok = answer.get('login', {}).get('result') == 'Success'
        else:
            answer = session.post(self.api_url, data={
                'action': 'clientlogin', 'username': credentials.username,
                'password': credentials.password, 'logintoken': token,
                'loginreturnurl': self.url + '/', 'format': 'json'},
                timeout=60).json()
            ok = answer.get('clientlogin', {}).get('status') == 'PASS'
        if not ok:
            session.close()
            raise LocalWikiError(
                f'login as {credentials.username} failed: {answer}')
        self._sessions[key] = session
        return session

    def close_sessions(self, user: str | Credentials | None = None) -> None:
        """Close the logged-in sessions this object keeps (of *user*, or
        all), and forget their tokens: the next call logs in again."""
        name = None if user is None else self._credentials(user).username
        for key in [key for key in self._sessions if name in (None, key[0])]:
            self._sessions.pop(key).close()
            self._csrf_tokens.pop(key[0], None)

    def csrf_token(self, user: str | Credentials) -> str:
        """The edit token of *user*'s session (asked once per session)."""
        name = self._credentials(user).username
        if name not in self._csrf_tokens:
            self._csrf_tokens[name] = self.api(
                user, action='query', meta='tokens',
                type='csrf')['query']['tokens']['csrftoken']
        return self._csrf_tokens[name]

    def edit_as(self, user: str | Credentials, title: str, text: str,
                summary: str = '', **params) -> dict:
        """Save *text* to page *title* as *user* through the real API.

        For "human" edits in tests (admins, plain users), independent of
        pywikibot's single cookie jar.  Extra *params* go to action=edit
        (e.g. ``minor=1``, ``basetimestamp=...``).  Returns the ``edit``
        part of the answer (``newrevid``, ``newtimestamp``, ...); raises
        :class:`LocalWikiError` unless the edit succeeded.
        """
        name = self._credentials(user).username
        try:
            answer = self.api(user, post=True, action='edit', title=title,
                              text=text, summary=summary, assertuser=name,
                              token=self.csrf_token(user), **params)
        except LocalWikiError as error:
            if error.code not in ('badtoken', 'assertnameduserfailed'):
                raise
            # The session ended on the wiki's side: log in again, once.
            self.close_sessions(name)
            answer = self.api(user, post=True, action='edit', title=title,
                              text=text, summary=summary, assertuser=name,
                              token=self.csrf_token(user), **params)
        edit = answer.get('edit', {})
        if edit.get('result') != 'Success':
            raise LocalWikiError(f'edit of {title!r} as {user} failed: '
                                 f'{answer}')
        return edit

    def page_text(self, title: str) -> str | None:
        """The current wikitext of *title* (None if the page is missing)."""
        page = self.api(action='query', prop='revisions', titles=title,
                        rvprop='content', rvslots='main')['query']['pages'][0]
        if page.get('missing'):
            return None
        return page['revisions'][0]['slots']['main']['content']

    # ------------------------------------------------------------------
    # pywikibot

    def write_pywikibot_config(
            self, directory: str | os.PathLike,
            family_name: str = 'testwiki',
            users: Iterable[str | Credentials] | None = None, *,
            user: str | Credentials | None = None,
            alias_user: str | Credentials | None = None,
            socket_timeout: tuple[float, float] | None = None,
    ) -> PywikibotConfig:
        """Write ``user-config.py`` and ``user-password.py`` for pywikibot.

        Family *family_name* is this wiki at 127.0.0.1; family
        ``FAMILY_localhost`` is the same wiki at localhost.  With
        ``family_files`` pointing at api.php no family file is needed; the
        site code equals the family name.  *users* (default: all known)
        go into the password file (bot password if they have one, else the
        main password).  *user* (default: the first bot-group user with a
        bot password, else the first user) is logged in on the main family,
        *alias_user* (default: *user*) on the alias family.
        *socket_timeout*: pywikibot's (connect, read) timeouts in seconds
        (default: pywikibot's own).

        Point ``PYWIKIBOT_DIR`` at *directory* before pywikibot is first
        imported (pywikibot reads its configuration once, on import).
        """
        self._require_started()
        directory = Path(directory).resolve()
        directory.mkdir(parents=True, exist_ok=True)
        chosen = [self._credentials(u) for u in
                  (self.users.values() if users is None else users)]
        if not chosen:
            raise LocalWikiError('no users for the pywikibot configuration')
        if user is None:
            bots = [c for c in chosen
                    if 'bot' in c.groups and c.bot_password_secret]
            main = bots[0] if bots else chosen[0]
        else:
            main = self._credentials(user)
        alias = main if alias_user is None else self._credentials(alias_user)
        alias_family = f'{family_name}_localhost'

        password_file = directory / 'user-password.py'
        lines = ['# Written by wikibot.testwiki for a throwaway wiki.']
        for c in chosen:
            if c.bot_password_secret:
                lines.append(f'({c.username!r}, BotPassword('
                             f'{c.bot_password_appid!r}, '
                             f'{c.bot_password_secret!r}))')
            else:
                lines.append(f'({c.username!r}, {c.password!r})')
        fd = os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                     0o600)
        with os.fdopen(fd, 'w') as out:
            out.write('\n'.join(lines) + '\n')
        os.chmod(password_file, 0o600)

        user_config = directory / 'user-config.py'
        user_config.write_text(f'''\
# Written by wikibot.testwiki for the throwaway wiki at {self.url}
# ({self.directory}).  Not for real wikis.
family = {family_name!r}
mylang = {family_name!r}
family_files[{family_name!r}] = {self.api_url!r}
family_files[{alias_family!r}] = {self.alias_api_url!r}
usernames[{family_name!r}]['*'] = {main.username!r}
usernames[{alias_family!r}]['*'] = {alias.username!r}
password_file = {str(password_file)!r}
# A local test wiki: no throttling, no lag checks, fail fast.
put_throttle = 0
minthrottle = 0
maxthrottle = 1
max_retries = 2
retry_wait = 1
retry_max = 2
if 'write_maxlag' in globals():  # pywikibot >= 11.8
    write_maxlag = 0
    read_maxlag = 0
else:
    maxlag = 0
''' + (f'socket_timeout = {tuple(socket_timeout)!r}\n' if socket_timeout
       else ''))
        os.chmod(user_config, 0o600)
        return PywikibotConfig(
            directory=directory, family=family_name, code=family_name,
            user=main.username, alias_family=alias_family,
            alias_code=alias_family, alias_user=alias.username,
            user_config=user_config, password_file=password_file,
            api_url=self.api_url, alias_api_url=self.alias_api_url)


class _PortTaken(LocalWikiError):
    pass
