"""What runs, on a private copy of the Stuck fixture. A test run that does not end (two threads that take
two locks in opposite orders): stopped at its time limit or by the user, the run answers with every
managed thread's stack read by dotnet-stack, the frames in the solution's code taken to their
declarations, and the deadlock named; a confined app that deadlocks the same way too. A test, an app and
REPL code profiled: the deliberately hot member first, with its line; allocations sampled, the type
allocated most with the member that allocates it."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from engine import apps, load_solution, runtime, testing
from engine.apps.run import run_app
from engine.host.interop import cancel_thread

from .conftest import copy_fixture
from .mcp_client import McpClient
from .processes import at_rest, cpu_seconds, held_for, host_of_the_tests, running

DEADLOCK = "Stuck.Tests.LedgerTests.Transfers_both_ways_at_once"


@pytest.fixture(scope="module")
def stuck(tmp_path_factory):
    root = copy_fixture("Stuck", tmp_path_factory.mktemp("stuck"))
    session = load_solution(root / "Stuck.slnx", watch=False)
    built = testing.run_build(session)  # so that the time limit is the test's, not the build's
    assert built.succeeded, built.render()
    yield root, session
    session.close()


def test_a_deadlocked_test_answers_with_each_thread_s_stack(stuck):
    root, session = stuck
    run = testing.run_tests(session, tests=[DEADLOCK], timeout=15)
    assert run.problems == ("dotnet test ran past 15 s and was stopped with every process it started.",)
    hang = run.hang
    assert hang is not None and hang.process.startswith("testhost (pid ")
    own = {thread.first_own().symbol.display: thread for thread in hang.items if thread.own}
    assert set(own) == {"Ledger.TransferBothWays()", "Ledger.ToChecking()", "Ledger.ToSavings()"}
    assert own["Ledger.ToChecking()"].state == own["Ledger.ToSavings()"].state == "blocked on a lock"
    assert own["Ledger.TransferBothWays()"].state == "waiting for a thread"
    checking = own["Ledger.ToChecking()"].first_own()
    assert checking.location.path == str(root / "src" / "Stuck.Core" / "Ledger.cs") and checking.location.line == 11
    test_frame = [f for f in own["Ledger.TransferBothWays()"].frames if not f.external][-1]
    assert test_frame.symbol.display == "LedgerTests.Transfers_both_ways_at_once()"
    assert hang.total > len(own)  # the framework's own threads are there too, after the solution's
    text = run.render()
    assert "deadlock-shaped: 2 threads wait for locks in the solution's code" in text
    assert "Ledger.ToChecking():11" in text and "Ledger.ToSavings():22" in text


def _own_threads(hang):
    return {thread.first_own().symbol.display: thread for thread in hang.items if thread.own}


def test_a_test_run_the_user_stops_answers_where_each_thread_was(stuck):
    root, session = stuck
    stopped = at_rest(*host_of_the_tests(root))  # the deadlocked test has reached its locks by then
    run = testing.run_tests(session, tests=[DEADLOCK], timeout=300, cancelled=stopped)
    assert run.problems == ("dotnet test was stopped; it and every process it started were ended.",)
    assert set(_own_threads(run.hang)) == {"Ledger.TransferBothWays()", "Ledger.ToChecking()", "Ledger.ToSavings()"}
    assert run.render().startswith("Tests of tests/Stuck.Tests/Stuck.Tests.csproj (1 named tests) STOPPED")


def test_an_app_past_its_time_answers_with_each_thread_s_stack(stuck):
    """The app runs confined (PID and mount namespaces of its own): its stacks are still read, from the
    socket in its scratch directory under the pid it sees."""
    root, session = stuck
    ran = run_app("apps/transfer.cs", session=session, timeout=6)
    assert ran.timed_out and ran.exit_code is None and ran.stdout == "transferring both ways\n"
    assert "Linux namespaces" in ran.confinement
    hang = ran.hang
    assert hang is not None and hang.process.startswith("transfer (pid ")
    own = _own_threads(hang)
    assert set(own) == {"Ledger.TransferBothWays()", "Ledger.ToChecking()", "Ledger.ToSavings()"}
    assert own["Ledger.ToSavings()"].first_own().location.path == str(root / "src" / "Stuck.Core" / "Ledger.cs")
    assert "deadlock-shaped: 2 threads wait for locks in the solution's code" in ran.render()


def test_an_app_stopped_by_the_user_answers_where_it_was(stuck):
    _, session = stuck
    # Once the app sits at its locks: 8 s from the call was once all a slow machine's build left the app.
    ran = run_app("apps/transfer.cs", session=session, cancelled=at_rest("transfer.dll"))
    assert (
        ran.stopped
        and not ran.timed_out
        and ran.render()
        .splitlines()[0]
        .endswith(f"stopped by the user in {ran.seconds:.2f} s (build {ran.build_seconds:.1f} s)")
    )
    assert ran.hang is not None and "Ledger.ToChecking()" in _own_threads(ran.hang)


def test_a_run_within_its_time_reads_no_stack(stuck):
    _, session = stuck
    run = testing.run_tests(session, tests=["Stuck.Tests.PrimesTests.Counts_the_primes_below_two_million"], timeout=300)
    assert run.passed == 1 and run.hang is None


def test_over_mcp_run_tests_with_a_time_limit_answers_the_stacks(tmp_path):
    root = copy_fixture("Stuck", tmp_path)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Stuck.slnx")}) as client:
        assert not client.call("run_build").is_error
        answer = client.call("run_tests", tests=[DEADLOCK], timeout_seconds=15)
        assert not answer.is_error, answer.content[0].text
        text = answer.content[0].text
        assert "ran past 15 s" in text and "deadlock-shaped: 2 threads wait for locks" in text
        hang = answer.structured_content["result"]["hang"]
        assert any(thread["state"] == "blocked on a lock" for thread in hang["items"])


def test_over_mcp_cancel_job_answers_where_the_stopped_run_was(tmp_path):
    root = copy_fixture("Stuck", tmp_path)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Stuck.slnx"), "ROSLYN_CALL_BUDGET_SECONDS": "3"}) as client:
        job = client.call("run_tests", tests=[DEADLOCK], timeout_seconds=600).structured_content["job"]
        deadlocked = at_rest(*host_of_the_tests(root))
        deadline = time.monotonic() + 180
        while not deadlocked() and time.monotonic() < deadline:
            time.sleep(0.2)
        stopped = client.call("cancel_job", job_id=job)
        assert not stopped.is_error, stopped.content[0].text
        assert stopped.content[0].text.startswith(f"job {job} (run_tests): cancelled after ")
        text = stopped.content[1].text
        assert "STOPPED" in text and "deadlock-shaped: 2 threads wait for locks" in text
        assert any(t["state"] == "blocked on a lock" for t in stopped.structured_content["result"]["hang"]["items"])

        # A profile stopped so answers with the time until then, and where the app's threads were.
        job = client.call("profile_app", path="apps/transfer.cs").structured_content["job"]
        deadlocked = held_for(3, lambda: running("transfer.dll"))
        deadline = time.monotonic() + 180
        while not deadlocked() and time.monotonic() < deadline:
            time.sleep(0.2)
        stopped = client.call("cancel_job", job_id=job)
        assert not stopped.is_error, stopped.content[0].text
        assert stopped.content[0].text.endswith(": stopped. Where it was:")
        result = stopped.structured_content["result"]
        assert any(note.startswith("the app was stopped after ") for note in result["notes"]), result["notes"]
        assert any(t["state"] == "blocked on a lock" for t in result["hang"]["items"])


def test_a_profile_puts_the_hot_member_first_with_its_line(stuck):
    """The Stuck fixture's trial division: ``Primes.IsPrime`` is where the time goes, the profile says so
    with its declaration, and the files other tools open exist."""
    root, session = stuck
    profile = runtime.profile_tests(session, tests=["Stuck.Tests.PrimesTests.Counts_the_primes_below_two_million"])
    hottest = profile.items[0]
    assert hottest.display == "Primes.IsPrime(int)" and not hottest.external
    assert hottest.location.path == str(root / "src" / "Stuck.Core" / "Primes.cs") and hottest.location.line == 19
    assert hottest.exclusive_ms > 0.3 * profile.cpu_ms  # most of the run's CPU time
    count = next(m for m in profile.by_inclusive if m.display == "Primes.CountBelow(int)")
    assert count.inclusive_ms >= hottest.inclusive_ms  # it calls IsPrime
    assert any(path.frames[-2:] == ("Primes.CountBelow(int)", "Primes.IsPrime(int)") for path in profile.paths)
    assert all(Path(file).exists() for file in profile.files) and profile.files[0].endswith(".speedscope.json")
    assert "Primes.IsPrime(int)  src/Stuck.Core/Primes.cs:19" in profile.render()


def test_an_app_profiled_with_its_allocations(stuck):
    """The app runs confined, its runtime held until the tracer joins (``suspend``): the hot member is
    first, and the strings ``Primes.Spelled`` writes are what it allocated most, placed there."""
    root, session = stuck
    primes = str(root / "src" / "Stuck.Core" / "Primes.cs")
    profile = apps.profile_app(session, "apps/count.cs", ["2000000", "spell"], allocations=True)
    hottest = profile.items[0]
    assert hottest.display == "Primes.IsPrime(int)" and hottest.location.path == primes and not hottest.external
    assert profile.what == "apps/count.cs 2000000 spell"
    assert any(note.startswith("the app ended with exit code 0") for note in profile.notes)
    assert profile.allocated_bytes > 1_000_000
    strings = next(allocated for allocated in profile.allocations if allocated.type_name == "System.String")
    assert strings.sites[0].display == "Primes.Spelled(int)" and strings.sites[0].location.path == primes
    assert "Primes.Spelled(int)  src/Stuck.Core/Primes.cs:" in profile.render()
    assert Path(profile.files[0]).name == "trace.speedscope.json" and Path(profile.files[1]).is_file()

    # A test host is ended as soon as its results are in: its trace stops mid-block, and is read to there.
    from engine.runtime.profiles.allocations import read_allocations
    from engine.runtime.tools import installed_tool

    whole = Path(profile.files[1]).read_bytes()
    cut = Path(profile.files[1]).with_name("cut.nettrace")
    cut.write_bytes(whole[: len(whole) - 5000])
    read = read_allocations(installed_tool("dotnet-trace", "dotnet")[0], cut)
    assert read.problem == "" and 0 < read.total_bytes <= profile.allocated_bytes


def test_a_profile_of_tests_past_their_time_says_where_each_thread_was(stuck):
    _, session = stuck
    profile = runtime.profile_tests(session, tests=[DEADLOCK], timeout=15)
    assert "the run was ended before it finished: the profile is of the time until then" in profile.notes
    assert profile.hang is not None and profile.hang.process.startswith("testhost (pid ")
    assert "deadlock-shaped: 2 threads wait for locks" in profile.render()


def test_an_app_past_its_profile_s_seconds_is_ended_and_profiled_for_those(stuck):
    _, session = stuck
    profile = apps.profile_app(session, "apps/count.cs", ["200000000"], seconds=4)
    assert profile.items[0].display == "Primes.IsPrime(int)"
    assert "the app was ended after 4 s: the profile is of those seconds" in profile.notes


def test_repl_code_profiled_names_the_solution_s_members_it_ran(stuck):
    """The tracer joins the context's worker for the one evaluation; the rundown names what the worker
    compiled before, so the solution's members are found at their lines."""
    root, session = stuck
    profile = runtime.profile_repl("Stuck.Core.Primes.CountBelow(3_000_000)", "profiled", session)
    own = [member for member in profile.by_inclusive if not member.external]
    assert [member.display for member in own[:2]] == ["Primes.CountBelow(int)", "Primes.IsPrime(int)"]
    assert own[1].location.path == str(root / "src" / "Stuck.Core" / "Primes.cs") and own[1].location.line == 19
    assert profile.what == "REPL code in context profiled: Stuck.Core.Primes.CountBelow(3_000_000)"
    assert any(note.endswith(": 216816 (int)") for note in profile.notes), profile.notes


@pytest.fixture
def long_repl_limit(monkeypatch):
    """REPL contexts of their own with a 120 s limit: a stop the test makes on a busy machine comes
    before the 10 s limit would."""
    import dataclasses

    from engine.repl import contexts
    from engine.repl.limits import ReplLimits

    own = contexts.Contexts(dataclasses.replace(ReplLimits.from_environment(), time_seconds=120))
    monkeypatch.setattr(contexts, "_shared", own)
    yield
    own.close()


def test_repl_code_stopped_is_profiled_until_the_stop(stuck, long_repl_limit):
    """A stop ends the trace while the worker still runs (its rundown names the methods), then the
    worker: the profile is of the time until then, and says so."""
    _, session = stuck
    answered: dict[str, object] = {}

    def profile() -> None:
        try:
            answered["profile"] = runtime.profile_repl(
                "while (true) Stuck.Core.Primes.CountBelow(100_000);", "stopped", session
            )
        except Exception as error:
            answered["error"] = error

    def worker_cpu() -> float:  # this process's workers: another test's may run beside this one
        return cpu_seconds("ReplWorker.dll", under=os.getpid())

    before = worker_cpu()
    thread = threading.Thread(target=profile)
    thread.start()
    deadline = time.monotonic() + 120
    while worker_cpu() - before < 6 and time.monotonic() < deadline:  # compiled, and looping
        time.sleep(0.2)
    cancel_thread(thread.ident)
    thread.join(120)
    assert "profile" in answered, answered
    profile = answered["profile"]
    assert profile.items[0].display == "Primes.IsPrime(int)"
    assert profile.notes[0].startswith("stopped after ") and "the profile is of those seconds" in profile.notes[0]


def test_over_mcp_a_profile_of_a_test(tmp_path):
    root = copy_fixture("Stuck", tmp_path)
    with McpClient({"DOTNET_SOLUTION_PATH": str(root / "Stuck.slnx")}) as client:
        answer = client.call("profile_tests", symbol="Primes.CountBelow")
        assert not answer.is_error, answer.content[0].text
        result = answer.structured_content["result"]
        assert result["items"][0]["display"] == "Primes.IsPrime(int)"
        assert "Profile of the 1 tests reaching Primes.CountBelow(int)" in answer.content[0].text
        assert len(answer.content[0].text) < 6000


def test_a_frame_the_reader_cannot_take_costs_no_other_frame_its_source(stuck):
    """What a profile samples varies from run to run: a name the stack-trace reader does not take as one
    frame (a runtime stub, a module without a method) must leave the solution's frames mapped."""
    from engine.runtime.frames import frames_of

    names = ["Stuck.Core!Stuck.Core.Primes.IsPrime(int32)", "libcoreclr.so!", "System.Private.CoreLib!Interop+Sys.Kill"]
    _, session = stuck
    frames = session.run(frames_of, names)
    assert frames[0] is not None and frames[0].symbol is not None
    assert frames[0].symbol.display == "Primes.IsPrime(int)" and frames[0].location.path.endswith("Primes.cs")


def test_a_frame_of_a_module_the_solution_does_not_build_is_not_the_solution_s(stuck):
    """An app's own class of a solution's name (its ``Ledger``, beside the solution) is the app's: only a
    module one of the solution's projects builds runs the solution's code; the case of a module's name
    varies with what named it (the JIT's events write it in lower case)."""
    from engine.runtime.frames import frames_of

    _, session = stuck
    names = ["drive-app!Stuck.Core.Ledger.ToChecking()", "stuck.core!Stuck.Core.Ledger.ToChecking()"]
    app_s, solution_s = session.run(frames_of, names)
    assert app_s.external and app_s.symbol is None and app_s.assembly == "drive-app"
    assert not solution_s.external and solution_s.symbol.display == "Ledger.ToChecking()"


def test_the_frames_of_one_method_are_one_member_of_the_profile(stuck):
    """An async method is sampled as its stub and its state machine's ``MoveNext``: two frames, one
    member, whose time is that of the stacks either is in (not their sum)."""
    from engine.runtime.profiles.report import report
    from engine.runtime.profiles.speedscope import Sampled

    stub, machine = "Stuck.Core!Stuck.Core.Primes.IsPrime(int32)", "Stuck.Core!Stuck.Core.Primes.IsPrime"
    sampled = Sampled(
        names=[stub, machine],
        exclusive={0: 10.0, 1: 30.0},
        inclusive={0: 40.0, 1: 30.0},
        stacks={(0, 1): 30.0, (0,): 10.0},
        cpu_ms=40.0,
    )
    _, session = stuck
    profile = session.run(report, sampled, "two frames", (), ())
    assert [(m.display, m.exclusive_ms, m.inclusive_ms) for m in profile.by_inclusive] == [
        ("Primes.IsPrime(int)", 40.0, 40.0)
    ]


def test_a_sampled_frame_s_generic_parameter_types_are_written_as_a_stack_trace_writes_them():
    """A trace names ``ReadOnlySpan`1<class System.Object>``; a stack trace writes ``ReadOnlySpan`1``: the
    overload with that parameter is found by it (serilog's ``Logger.Write(..., ReadOnlySpan<object?>)``
    was taken for ``Write<T>(..., T)`` when the type was cut at its last dot, ``Object>``)."""
    from engine.runtime.frames import plain

    sampled = "Serilog.Core.Logger.Write(value class Serilog.Events.LogEventLevel,class System.String," \
              "value class System.ReadOnlySpan`1<class System.Object>)"  # fmt: skip
    assert plain(sampled) == "Serilog.Core.Logger.Write(LogEventLevel, String, ReadOnlySpan`1)"
    two = "A.B.M(class System.Collections.Generic.Dictionary`2<class System.String,int32>,bool&)"
    assert plain(two) == "A.B.M(Dictionary`2, bool&)"
