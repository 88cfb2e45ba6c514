"""Serving the app to many users: the hosting configuration and the generation queue."""
