"""Hand records: one whole hand of any rule set as one value, in text a person types and reads and its JSON twin.

:mod:`.model` the record (:class:`HandRecord`) and its fields, :mod:`.text` the written forms, :mod:`.check`
reading them with the project's own checks (a record that cannot have happened is refused, naming the line and
why), :mod:`.play` the play walked decision by decision (what :mod:`analyzer.review` asks the advisor about) and
scored, :mod:`.io` files of records, the record of a ``pinochle play`` question, and :mod:`.ptn` the converter
from TricksterCards' hand records.
"""
