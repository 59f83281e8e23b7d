"""Pages and JSON sent gzip-compressed to a client that accepts it (Django's GZipMiddleware),
except:

- an answer carrying a CSRF token (a form that posts: the admin's pages, its login). BREACH
  guesses a secret in a compressed page, byte by byte, from the sizes of many answers that
  also reflect what the attacker sends; Django already masks the token afresh in every answer
  and pads every compressed answer with random bytes, and these pages are few and small, so
  they are not compressed at all rather than trusted to those two;
- a streamed file (the bulk data files, stored compressed already): compressing it as it goes
  would only cost time and drop its length.

The static files are WhiteNoise's, compressed ahead by collectstatic, and never come here.
"""

from django.conf import settings
from django.middleware.gzip import GZipMiddleware


class PageCompressionMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        if response.streaming or settings.CSRF_COOKIE_NAME in response.cookies:
            return response
        return super().process_response(request, response)
