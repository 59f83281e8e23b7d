"""The admin for the rules cards use (CardRule): hand-made links and removals.

(Filled in with the rule linker.)"""
