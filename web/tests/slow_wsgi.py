"""A WSGI application for the tests of make serve's gunicorn command line: ``/slow`` answers
after a second and a half, as a request still running when an instance is told to stop."""

import time


def application(environ, start_response):
    if environ["PATH_INFO"] == "/slow":
        time.sleep(1.5)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"finished"]
