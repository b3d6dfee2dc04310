"""Numerical experiments whose measurements become claims (depth scaling of Pre-LN and Post-LN)."""
