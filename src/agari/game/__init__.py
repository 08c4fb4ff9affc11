"""Whole games: the ledger (state + outcome -> next state and its transfers), final standings,
game sheets, and game logs read into one event stream and replayed.

Takes scored hands and settlements from the layers below; gives rounds, running scores and
standings to batch, render and the CLI.
"""
