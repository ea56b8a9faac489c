# Pywikibot configuration for wikibot on BlogNomic's wiki.
#
# Copy this file to user-config.py in a directory of its own (e.g. ~/.wikibot/), put the bot's
# settings file wikibot.toml beside it (see README.md), and point wikibot at that directory:
#     export PYWIKIBOT_DIR=~/.wikibot      (or: wikibot run --config-dir ~/.wikibot)
# PYWIKIBOT_DIR must be set before pywikibot is imported; wikibot does it for you with --config-dir.

# The wiki. With family_files pointing at api.php no family file is needed; the site code is the
# family name.
family_files['blognomic'] = 'https://wiki.blognomic.com/api.php'
family = 'blognomic'
mylang = 'blognomic'

# The bot's account (a separate account, in the wiki's "bot" group; an Admin asks for it).
usernames['blognomic']['*'] = 'WikiBot'

# The password lives in user-password.py (chmod 600), as a BotPassword made at
# Special:BotPasswords with the grants: basic rights, high-volume editing, edit existing pages,
# edit protected pages, create/edit/move pages, rollback, patrol. One line in user-password.py:
#     ('WikiBot', BotPassword('wikibot', 'the 32-character secret the wiki showed you'))
password_file = 'user-password.py'

# Be gentle with the wiki: at most one write every 10 seconds, and back off when the wiki is lagged.
put_throttle = 10
write_maxlag = 5      # (pywikibot before 11.8 called this maxlag)
max_retries = 5
retry_wait = 10

# To point the bot at a local test wiki instead (wikibot demo does this for you):
#     family_files['testwiki'] = 'http://127.0.0.1:8080/api.php'
#     family = 'testwiki'; mylang = 'testwiki'
#     usernames['testwiki']['*'] = 'WikiBot'
#     put_throttle = 0
