"""How long jobs run: batches over processes or a Dask cluster, progress, Parquet output, the solver's
background compile."""
