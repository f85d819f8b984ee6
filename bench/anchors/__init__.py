"""One module per published anchor (issue 27); bench/anchors.py runs them all.  Each module's rows()
returns [{"anchor", "metric", "published_us", "ours_us", "wall_s"}]; `python3 -m anchors.<id>` (from
bench/) or `python3 bench/anchors/<id>.py` prints its rows."""
