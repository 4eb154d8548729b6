"""What the bench scripts ask of a `reversi-engine` build (imported by them: this folder
is on their module path)."""
import functools
import subprocess


@functools.lru_cache(maxsize=None)
def no_book(engine):
    """`["--no-book"]` when `engine` takes it (reversi-engine plays from its built-in
    opening book unless told `--no-book`), so that its searches are what is measured;
    nothing for builds from before that option."""
    try:
        text = subprocess.run([engine, "--help"], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return ["--no-book"] if "--no-book" in text else []
