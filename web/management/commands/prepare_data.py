"""The one step before instances start: the migrations, then the bundled data when the database
holds none (``make prepare``; ``make run`` and ``make test`` run it too), and last the
Scryfall-compatible API's bulk files where they are missing or older than the data.

Safe from every instance at once: the first takes the preparation lock (``prepare_lock``) before
it migrates, the others wait for it, saying so, then find nothing left to do. While an import
runs (``update_data``), a database already migrated and holding data is left to it: nothing to
wait for. ``--check`` changes nothing and fails when migrations are not applied (``make serve``
runs it, so that starting an instance never migrates)."""

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from common.engines import describe_database
from common.import_lock import import_lock, import_running, prepare_lock
from oracle.models import Card
from web.offline import package

# What `make data` ran: cards link to the rules once, last, after the rules editions and the
# documents' rulings.
LOADERS = [
    ("load_bundled_data", {}),
    ("load_bundled_rules", {"no_link": True}),
    ("load_bundled_documents", {}),
    ("link_rules", {}),
    ("align_seed_translations", {}),
]
DEFAULT_TIMEOUT = 1800  # seconds: a first load, or an import of every card, to wait for


class Command(BaseCommand):
    help = (
        "Apply the migrations and load the bundled data where missing, under a lock other "
        "instances wait on: run once before starting instances (make prepare)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--timeout",
            type=float,
            default=DEFAULT_TIMEOUT,
            help="Seconds to wait for another preparation or import before giving up "
            f"(default {DEFAULT_TIMEOUT}).",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="Change nothing: fail, naming make prepare, when migrations are not applied.",
        )

    def handle(self, timeout, check, verbosity, **options):
        if check:
            self.check_prepared()
            return
        with prepare_lock("prepare_data", timeout=timeout, waiting=self.say):
            pending = pending_migrations()
            if not pending and Card.objects.exists() and import_running():
                self.stdout.write(
                    "An import is running and the database is migrated and holds data: "
                    "nothing to prepare (the import brings the data up to date)."
                )
                return
            with import_lock("prepare_data", wait=True, timeout=timeout, waiting=self.say):
                if pending:
                    call_command("migrate", verbosity=verbosity, stdout=self.stdout)
                for name, loader_options in LOADERS:
                    call_command(
                        name,
                        verbosity=verbosity,
                        stdout=self.stdout,
                        stderr=self.stderr,
                        **loader_options,
                    )
            # Last, the files built from the data as loaded: the Scryfall-compatible API's bulk
            # files (only when missing or older than the data) and the offline package, which
            # names the static files: in production they are collected by `make serve`, after
            # this, which then builds it (docs/offline.md).
            call_command("build_bulk_data", if_stale=True, verbosity=verbosity, stdout=self.stdout)
            if package.static_files_ready():
                call_command("build_offline_data", verbosity=verbosity, stdout=self.stdout)
            else:
                self.stdout.write(
                    "Offline data: left to `make serve` (build_offline_data), which collects "
                    "the static files it names first."
                )
        self.stdout.write(self.style.SUCCESS(f"Prepared {describe_database()}."))

    def say(self, message: str) -> None:
        self.stdout.write(message)
        self.stdout.flush()

    def check_prepared(self) -> None:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        pending = pending_migrations(executor)
        if not pending:
            return
        if not executor.loader.applied_migrations:
            state = "has no tables yet"
        else:
            names = ", ".join(f"{migration.app_label}.{migration.name}" for migration, _ in pending)
            state = f"lacks {len(pending)} migration{'s' if len(pending) > 1 else ''} ({names})"
        database = describe_database()
        raise CommandError(
            f"{database[0].upper()}{database[1:]} {state}. Starting an instance does not migrate: "
            "run `make prepare` (manage.py prepare_data) once first, then start the instances."
        )


def pending_migrations(executor: MigrationExecutor | None = None):
    """The migrations not applied yet, in the order ``migrate`` would apply them."""
    executor = executor or MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    return executor.migration_plan(executor.loader.graph.leaf_nodes())
