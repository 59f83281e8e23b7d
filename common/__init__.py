"""Small helpers that are about neither cards nor rules, used by both apps."""
