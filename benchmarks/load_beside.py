"""What ``load.py`` runs beside its load: an MTGJSON import (``--import-beside``) in its own
process, on the served database, and the editor's saves (``--editor``, ``load_editor.py``)."""

import ast
import subprocess
import sys
import threading
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
IMPORT_AFTER = 2.0  # seconds into the load the import starts
AFTER_IMPORT = 5.0  # seconds the load goes on after the import


def run_beside(args, load, env: dict, workdir: Path, editor) -> dict:
    """The load for ``--seconds``, with the editor saving and the import running beside it if
    asked; the load goes on until the import is over (and ``AFTER_IMPORT`` seconds more)."""
    stop_editing = threading.Event()
    editing = threading.Thread(target=editor.run, args=(stop_editing,)) if editor else None
    outcome = {}
    load.start()
    try:
        if editing:
            editing.start()
        if args.import_beside is not None:
            time.sleep(IMPORT_AFTER)
            outcome = run_import(args.import_beside or bundled_mtgjson_files(), env, workdir)
        stop_at = max(load.started + args.seconds, outcome.get("import_ended", 0) + AFTER_IMPORT)
        time.sleep(max(0.0, stop_at - time.monotonic()))
    finally:
        stop_editing.set()
        load.finish()
        if editing:
            editing.join()
    return outcome


def run_import(files: list[Path], env: dict, workdir: Path) -> dict:
    """``manage.py import_mtgjson FILE...`` on the served database: when it started and ended,
    its exit status and its output."""
    outcome = {"import_files": files, "import_started": time.monotonic()}
    with open(workdir / "import.log", "w") as log:
        importing = subprocess.Popen(
            [sys.executable, "manage.py", "import_mtgjson", *map(str, files)],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            outcome["import_status"] = importing.wait()
        finally:
            if importing.poll() is None:
                importing.kill()
                importing.wait()
        outcome["import_ended"] = time.monotonic()
    outcome["import_log"] = (workdir / "import.log").read_text()
    return outcome


def bundled_mtgjson_files() -> list[Path]:
    """The files ``manage.py load_bundled_data --force`` imports, as that command lists them."""
    command = BASE_DIR / "oracle" / "management" / "commands" / "load_bundled_data.py"
    for node in ast.parse(command.read_text()).body:
        if isinstance(node, ast.Assign) and "BUNDLED_MTGJSON" in [
            getattr(target, "id", None) for target in node.targets
        ]:
            names = ast.literal_eval(node.value)
            return [BASE_DIR / "fixtures" / "mtgjson" / name for name in names]
    sys.exit(f"{command} no longer lists BUNDLED_MTGJSON: update benchmarks/load.py.")
