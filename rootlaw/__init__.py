"""rootlaw: the board game Root, by the Law of Root."""
