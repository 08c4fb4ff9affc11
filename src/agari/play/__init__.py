"""The analysis of play (SPEC §8): a round followed event by event with what each seat
knows and is (:mod:`agari.play.follow`: shanten, waits, furiten, the tiles it can see), and
the review of every decision a player made (:mod:`agari.play.review`)."""
