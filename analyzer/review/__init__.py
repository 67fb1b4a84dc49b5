"""A hand looked back at (``pinochle review``): every decision of my seat beside the advisor's best, with what it cost
(:mod:`.review`), and the answer's figures (:mod:`.figures`)."""
