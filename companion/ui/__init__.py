"""What a phone shows: the app and its Context, the screens (views/), their widgets and
score forms, and the phone's own state (its language, preferences, staying awake)."""
