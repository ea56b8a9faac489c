"""Faults a wiki test switches on and off while the local MediaWiki runs.

:class:`FaultyWiki` is the throwaway wiki of :mod:`wikibot.testwiki` (the ``local_wiki`` fixture
serves one) with the faults the wiki tests need, each one real:

* a wiki that is down (:meth:`FaultyWiki.pause`, :meth:`FaultyWiki.resume`: the PHP server is
  stopped, so connections are refused);
* slow, read-only, lagging, or losing the answer to a save (:meth:`FaultyWiki.set_faults`:
  a few lines of PHP in LocalSettings.php read ``faults.json`` on every request; read-only is
  MediaWiki's own ``$wgReadOnly``, lag is jobs waiting in MediaWiki's job queue);
* a page protected by a sysop (:meth:`FaultyWiki.protect_as`);
* a login lost (:meth:`FaultyWiki.invalidate_sessions`: MediaWiki's ``invalidateUserSessions``).

Layout added to the wiki directory::

    DIR/faults.json   written by set_faults(), read on every request
"""

from __future__ import annotations

import json
import os

from wikibot.testwiki import Credentials, LocalWiki

#: Appended to LocalSettings.php: applies the faults ``faults.json`` switches on, at once.
FAULTS_PHP = r"""
# ---- faults a test switches on and off while the wiki runs (tests/wiki/faults.py) ----
$wikibotFaults = [];
if ( is_file( __DIR__ . '/faults.json' ) ) {
	$wikibotFaults = json_decode( (string)file_get_contents( __DIR__ . '/faults.json' ), true ) ?: [];
}
if ( !empty( $wikibotFaults['read_only'] ) ) {
	// The real switch MediaWiki administrators use: every write is refused with "readonly".
	$wgReadOnly = (string)$wikibotFaults['read_only'];
}
if ( !empty( $wikibotFaults['delay'] ) && PHP_SAPI === 'cli-server' ) {
	// A slow wiki: every web request waits this many seconds before MediaWiki runs.
	usleep( (int)( (float)$wikibotFaults['delay'] * 1000000 ) );
}
if ( !empty( $wikibotFaults['save_answer_delay'] ) ) {
	// The next save goes through, then its answer comes this many seconds late (once): a client
	// that gives up waiting does not know its edit was made.
	$wgHooks['PageSaveComplete'][] = static function () use ( $wikibotFaults ) {
		$rest = $wikibotFaults;
		unset( $rest['save_answer_delay'] );
		file_put_contents( __DIR__ . '/faults.json', json_encode( (object)$rest ) );
		usleep( (int)( (float)$wikibotFaults['save_answer_delay'] * 1000000 ) );
	};
}
if ( !empty( $wikibotFaults['lag'] ) ) {
	// SQLite has no replicas, so MediaWiki's database lag is always 0. Jobs waiting in the job queue
	// count as lag where $wgJobQueueIncludeInMaxLagFactor is set (as on Wikimedia wikis): jobs are
	// left queued and each counts as 'lag' seconds, so requests sent with maxlag get a real
	// "maxlag" error while any job waits.
	$wgJobRunRate = 0;
	$wgJobQueueIncludeInMaxLagFactor = 1 / (float)$wikibotFaults['lag'];
}
"""


class FaultyWiki(LocalWiki):
    """A :class:`~wikibot.testwiki.LocalWiki` whose faults a test switches on and off."""

    def __init__(self, sitename: str = 'TestWiki', *, settings: str = '', **options) -> None:
        super().__init__(sitename, settings=FAULTS_PHP + settings, **options)

    def set_faults(self, *, read_only: str | None = None, delay: float = 0,
                   lag: float = 0, save_answer_delay: float = 0) -> None:
        """Switch faults of the running wiki on (or all off, called bare).

        *read_only*: ``$wgReadOnly`` with this reason, so every write is
        refused.  *delay*: every web request waits so many seconds.  *lag*:
        jobs are left in the job queue and each counts as *lag* seconds of
        database lag (``$wgJobQueueIncludeInMaxLagFactor``), so a request
        sent with ``maxlag`` below it gets MediaWiki's ``maxlag`` error
        while a job waits (see :meth:`queue_job`).  *save_answer_delay*:
        the next page save is made, then its answer is held back so many
        seconds (once).  Faults apply from the next request on.
        """
        assert self.directory is not None
        faults = {key: value for key, value in
                  (('read_only', read_only), ('delay', delay), ('lag', lag),
                   ('save_answer_delay', save_answer_delay))
                  if value}
        path = self.directory / 'faults.json'
        tmp = path.with_suffix('.tmp')
        tmp.write_text(json.dumps(faults))
        os.replace(tmp, path)

    def pause(self) -> None:
        """The wiki is down (connections refused) until :meth:`resume`; its files and port are kept."""
        self.stop()

    def resume(self) -> None:
        """Serve the paused wiki again on the same port (nothing if it is serving)."""
        self.serve()

    def queue_job(self) -> None:
        """Put one job (MediaWiki's ``null`` job) in the wiki's job queue.

        With ``set_faults(lag=...)`` it stays there and counts as lag; once
        the fault is off, waiting jobs run one per web request (or all at
        once with :meth:`run_jobs`).
        """
        self.run_maintenance('eval', timeout=60, input_text=(
            'MediaWiki\\MediaWikiServices::getInstance()->getJobQueueGroup()'
            '->push( new NullJob( [] ) );\n'))

    def run_jobs(self) -> None:
        """Run every job waiting in the job queue."""
        self.run_maintenance('runJobs', timeout=120)

    def invalidate_sessions(self, user: str | Credentials) -> None:
        """Log *user* out everywhere (``invalidateUserSessions.php``): the
        session cookies and tokens a client holds stop working (this
        object's own sessions for *user* are closed; its next call logs in again)."""
        name = user.username if isinstance(user, Credentials) else user
        self.run_maintenance('invalidateUserSessions', '--user', name)
        self.close_sessions(name)

    def protect_as(self, user: str | Credentials, title: str,
                   level: str = 'sysop', reason: str = '') -> dict:
        """Protect *title* against edits below *level*, as *user* (a
        sysop), through the real API; ``level=''`` lifts the protection."""
        protections = f'edit={level}' if level else 'edit=all'
        return self.api(user, post=True, action='protect', title=title,
                        protections=protections, expiry='infinite',
                        reason=reason, token=self.csrf_token(user))
