"""What-if sweeps: YAML definitions (this folder), the runner (cache, pool, Ray) and the
built-in studies. See models/sweeps/README.md."""
