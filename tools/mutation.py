"""`make mutation`: mutmut 3 over one module at a time, with the tests that exercise it.

Usage: ``python tools/mutation.py [MODULE ...] [--jobs N]`` (default: every module in
``TARGETS``). For each module this starts a fresh ``mutants/`` copy, runs ``mutmut run``
with only that module mutated and only its test files selected, and prints killed,
survived and the score killed ÷ (killed + survived). Surviving mutants stay listed by
``python tools/mutation.py --survivors`` (each survivor's diff) until the next module's
run. Not part of ``make test``: a module takes minutes.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUNTIME = "tests/runtime"
SDK_TESTS = [
    "tests/sdk/test_middleware.py",
    "tests/sdk/test_negotiation.py",
    "tests/sdk/test_generated_methods.py",
]

SERVER_TESTS = [
    *SDK_TESTS,
    # the in-process MCPServer + Negotiation tests (the SDK's in-memory Client)
    "tests/sdk/test_go_interop.py",
    "tests/sdk/test_listen_variants.py",
    "tests/sdk/test_no_ctx.py",
    "tests/sdk/test_path_agreement.py",
    "tests/sdk/test_session_principal.py",
    "tests/sdk/test_unknown_identifiers.py",
    "tests/sdk/test_unsubscribe.py",
    "tests/sdk/test_variant_operations.py",
    "tests/sdk/test_variant_selection_requirements.py",
    "tests/sdk/test_middleware_request_pins.py",
    "tests/sdk/test_per_variant_definitions.py",
    "tests/sdk/test_misuse.py",
    "tests/sdk/test_demo_defects.py",
]

REPLICA_TESTS = [
    "tests/sdk/test_replica_fixes.py",
    "tests/sdk/test_backplane_bus.py",
    "tests/backplane/test_negotiation_redis.py",
]

BACKPLANE_TESTS = [
    "tests/backplane/test_redis_backplane.py",
    "tests/backplane/test_redis_pins.py",
    "tests/backplane/test_negotiation_redis.py",
    "tests/backplane/test_hardening.py",
    "tests/backplane/test_hardening_pins.py",
]

MIDDLEWARE_TESTS = [
    "tests/sdk/test_middleware.py",
    "tests/sdk/test_negotiation.py",
    "tests/sdk/test_go_interop.py",
    "tests/sdk/test_listen_variants.py",
    "tests/sdk/test_session_principal.py",
    "tests/sdk/test_unknown_identifiers.py",
    "tests/sdk/test_unsubscribe.py",
    "tests/sdk/test_variant_operations.py",
    "tests/sdk/test_variant_selection_requirements.py",
    "tests/sdk/test_middleware_request_pins.py",
    "tests/sdk/test_per_variant_definitions.py",
    "tests/sdk/test_misuse.py",
    "tests/sdk/test_demo_defects.py",
    "tests/sdk/test_replica_fixes.py",
    "tests/backplane/test_negotiation_redis.py",
    "tests/sdk/test_middleware_pins.py",
    "tests/sdk/test_middleware_adapter_pins.py",
]
# The ranking, the memo and the anonymous buckets moved from sdk/server.py and the
# middleware into the engine: their pins come along.
ENGINE_TESTS = [
    "tests/runtime/test_engine.py",
    *MIDDLEWARE_TESTS,
    "tests/sdk/test_server_facade_pins.py",
    "tests/sdk/test_view_memo.py",
    "tests/sdk/test_anonymous_limit.py",
]

# The parser's tests: the parser is one pass split into readers (issue #36).
PARSE_TESTS = [
    "tests/compiler/frontend/test_parse.py",
    "tests/compiler/frontend/test_parse_pins.py",  # exact IR and located errors, from its survivors
    "tests/compiler/frontend/test_parse_source_pins.py",  # spans, literals (issue #36)
    "tests/compiler/frontend/test_parse_declarations_pins.py",  # declared classes (#36)
    "tests/compiler/frontend/test_parse_objects_pins.py",  # keys, index signatures (#36)
    "tests/compiler/frontend/test_parse_types_pins.py",  # conditions, templates (#36)
    "tests/compiler/frontend/test_enum_values_pins.py",  # enum members naming others above
    # parse-only pins of other modules that read through the parser's branches (#36):
    # conditions' function patterns, templates, mapped types, import types, typings, rests
    "tests/compiler/frontend/test_infer_pins.py",
    "tests/compiler/frontend/test_template_pins.py",
    "tests/compiler/frontend/test_mapped_pins.py",
    "tests/compiler/frontend/test_keyword_names_pins.py",
    "tests/compiler/frontend/test_unchecked_typings.py",
    "tests/compiler/emit/test_rest_tuple_pins.py",
    "tests/compiler/frontend/test_real_world_constructs.py",
    "tests/compiler/frontend/test_ts_constructs.py",
    "tests/compiler/frontend/test_bad_inputs.py",
]
# The expansion's modules (issue #36: one pass, split by kind of computation) and its tests.
EXPAND_MODULES = (
    "expand",
    "expand_core",
    "expand_names",
    "expand_utilities",
    "expand_indexed",
    "expand_intersections",
    "expand_computed",
    "expand_generics",
)
EXPAND_TESTS = [
    "tests/compiler/frontend/test_real_world_constructs.py",
    "tests/compiler/frontend/test_ts_constructs.py",
    "tests/compiler/frontend/test_resolve.py",
    "tests/compiler/frontend/test_resolve_pins.py",
    "tests/compiler/frontend/test_expand_pins.py",
    "tests/compiler/frontend/test_mapped_pins.py",  # mapped types that read their key (issue #33)
    "tests/compiler/frontend/test_expand_utilities_pins.py",  # from its survivors (issue #36)
    "tests/compiler/frontend/test_expand_core_pins.py",  # from its survivors (issue #36)
    "tests/compiler/frontend/test_numeric_keys.py",  # keys written as numbers (issue #33)
]
# Each split module's own pins beside EXPAND_TESTS (issues #36/#33): compile a snippet,
# assert the exact IR; the computed types also with the conditional and infer pins, whose
# snippets are evaluated by its ``conditional`` and ``constrained``. test_resolve.py's two
# slowest tests (an absurd extends chain; random schemas, 86 s for each surviving mutant on
# a loaded machine) add no line or branch of these three modules to the rest of their
# selection (measured 2026-11-29): deselected, as in RESOLVE_FAST.
EXPAND_FAST = [
    "--deselect",
    "tests/compiler/frontend/test_resolve.py::test_absurd_extends_chain_is_an_error_not_a_crash",
    "--deselect",
    "tests/compiler/frontend/test_resolve.py::test_random_schemas_resolve_or_fail_cleanly",
]
# The state, the pass and the generics (issue #36): recursive instances (``declare``),
# member paths ``C["a"]["b"]`` and the generics' bounds, spans and caches.
EXPAND_CORE_PINS = [
    *EXPAND_FAST,
    "tests/compiler/frontend/test_expand_generics_pins.py",
    "tests/compiler/frontend/test_self_reference.py",
]
EXPAND_PINS = {
    "expand_core": EXPAND_CORE_PINS,
    "expand": EXPAND_CORE_PINS,
    "expand_generics": EXPAND_CORE_PINS,
    "expand_indexed": [*EXPAND_FAST, "tests/compiler/frontend/test_expand_indexed_pins.py"],
    "expand_intersections": [
        *EXPAND_FAST,
        "tests/compiler/frontend/test_expand_intersections_pins.py",
    ],
    "expand_computed": [
        *EXPAND_FAST,
        "tests/compiler/frontend/test_expand_computed_pins.py",
        "tests/compiler/frontend/test_conditional_pins.py",
        "tests/compiler/frontend/test_infer_pins.py",
    ],
}
# The resolve pass's tests (with in-process compiles of TS snippets and schemas end to end).
RESOLVE_TESTS = [
    "tests/compiler/frontend/test_resolve.py",
    "tests/compiler/frontend/test_resolve_pins.py",
    "tests/compiler/frontend/test_parse.py",
    "tests/compiler/frontend/test_bad_inputs.py",
    "tests/compiler/frontend/test_ts_constructs.py",
    "tests/compiler/emit/test_golden.py",
    "tests/compiler/emit/test_jsonschema_emit.py",
    "tests/compiler/revision/test_diff.py",
]
# Each compile runs resolve's steps, so every mutant of its split modules runs every test
# of the selection that compiles: RESOLVE_TESTS (about 35 s of tests; a run of checks.py's
# 347 mutants did not finish) is narrowed to the files whose branch coverage of the module
# equals all of RESOLVE_TESTS' (measured 2026-11-29), without test_resolve's two slowest
# (an absurd extends chain, random schemas: 25 of its 33 s, covering nothing more), then
# the module's pins.
RESOLVE_FAST = [
    "tests/compiler/frontend/test_resolve.py",
    "--deselect",
    "tests/compiler/frontend/test_resolve.py::test_absurd_extends_chain_is_an_error_not_a_crash",
    "--deselect",
    "tests/compiler/frontend/test_resolve.py::test_random_schemas_resolve_or_fail_cleanly",
    "tests/compiler/frontend/test_resolve_pins.py",
    "tests/compiler/frontend/test_bad_inputs.py",
]
CHECKS_TESTS = [*RESOLVE_FAST, "tests/compiler/frontend/test_checks_pins.py"]
# imports of files typings lack, of names not exported; typings module blocks (issue #33)
UNCHECKED_TYPINGS = "tests/compiler/frontend/test_unchecked_typings.py"
IMPORTS_TESTS = [
    *RESOLVE_FAST,
    UNCHECKED_TYPINGS,
    "tests/compiler/frontend/test_ts_constructs.py::test_import_map_compiles_package_types",
    "tests/compiler/frontend/test_declaration_flavours.py::test_which_files_an_import_names",
    "tests/compiler/frontend/test_imports_pins.py",
]
REFERENCES_TESTS = [
    *RESOLVE_FAST,
    UNCHECKED_TYPINGS,
    "tests/compiler/frontend/test_ts_constructs.py",
    "tests/compiler/frontend/test_references_pins.py",
    "tests/compiler/frontend/test_numeric_keys.py",
]
# Module scoping: one name declared by several files (issue #21).
SCOPING_TESTS = [
    "tests/compiler/frontend/test_scoping_pins.py",
    "tests/compiler/frontend/test_module_scoping.py",
    "tests/compiler/frontend/test_resolve.py",
    "tests/compiler/frontend/test_bad_inputs.py",
    # typings' modules: a lib global, ``global {}`` and imports inside ``declare module``
    "tests/compiler/frontend/test_unchecked_typings.py",
]

# module -> the test files that exercise it (the whole of tests/runtime is ~1 s, so the
# runtime modules share it; the SDK layer adds its in-process tests. Tests that start
# servers in subprocesses are left out: those processes import the original code).
# the focused files only: with the compile tests of test_golden, test_ts_constructs
# and test_bad_inputs a run of its 872 mutants took well over an hour (issue #33)
NAMING_TESTS = [
    "tests/compiler/emit/test_naming.py",
    "tests/compiler/emit/test_naming_pins.py",
    "tests/compiler/emit/test_naming_never_refuses.py",  # each rename: compile, import, round-trip
    "tests/compiler/emit/test_naming_mutation_pins.py",  # from the survivors of 2026-11-29
    "tests/compiler/emit/test_name_rules_pins.py",  # from name_rules.py's (issue #36)
    "tests/compiler/emit/test_class_specs_pins.py",  # from class_specs.py's (issue #36)
]

# The models module's text, exactly: the goldens, and the text helpers' pins (issue #36).
MODEL_TESTS = [
    "tests/compiler/emit/test_model_parts_pins.py",
    "tests/compiler/emit/test_golden.py",
]

# The models emitter: the above, its pins, then the tests that compile snippets to models
# in-process and use them (issue #36). Not their mypy/ruff subprocesses nor the
# hash-seed subprocess (they import the original code), nor its four property tests of
# the models at run time (hundreds of examples each: half the seconds of each surviving
# mutant's run; the routes' dispatch, extras and bounds, pinned as text in the pins).
PYDANTIC_EMIT = "tests/compiler/emit/test_pydantic_emit.py"
SHIMS = "tests/compiler/build_stage/test_shims.py"
MODELS_TESTS = [
    *MODEL_TESTS,
    "tests/compiler/emit/test_models_pins.py",
    "tests/compiler/emit/test_models_order_pins.py",  # the items' order, the raw text
    # (not its hash-seed subprocess: it imports the trampolined copy without mutmut)
    "--deselect=tests/compiler/emit/test_models_order_pins.py::"
    "test_union_warnings_come_in_declaration_order_whatever_the_hash_seed",
    PYDANTIC_EMIT,
    *(
        f"--deselect={PYDANTIC_EMIT}::{name}"
        for name in (
            "test_output_is_byte_identical_across_hash_seeds",
            "test_snippet_models_are_mypy_strict_and_ruff_clean",
            "test_routes_accept_and_pick_exactly_what_smart_mode_does",
            "test_kind_dispatch_accepts_and_returns_what_smart_mode_does",
            "test_untrusted_extra_keys_round_trip",
            "test_bounds_on_numbers_keep_ints_and_check_every_member",
        )
    ),
    "tests/compiler/emit/test_rest_tuple_pins.py",
    SHIMS,
    f"--deselect={SHIMS}::test_shimmed_snippet_is_mypy_strict_and_ruff_clean",
    "tests/compiler/emit/test_field_descriptions.py",  # the LARGE_MODULE descriptions
    "tests/compiler/emit/test_methods.py",  # the request/result pairs and their registry
    # the public names the emitter states (``ModuleText``) against a parse of its text
    "tests/compiler/emit/test_package_names.py::test_emitted_public_names_match_a_parse",
]

# The TypedDict target's in-process tests (issue #37): not its mypy and ``python -W error``
# subprocesses (they import the original code), nor the docs check (docs/ is not copied
# next to the mutants).
TYPEDDICT = "tests/compiler/emit/test_typeddict_target.py"
TYPEDDICT_TESTS = [
    TYPEDDICT,
    *(
        f"--deselect={TYPEDDICT}::{name}"
        for name in (
            "test_the_docs_list_every_deviation",
            "test_the_package_imports_with_warnings_as_errors_and_type_checks",
            "test_the_mcp_package_imports_type_checks_and_validates",
            "test_the_server_stub_type_checks",
        )
    ),
    "tests/compiler/emit/test_typeddict_pins.py",
]

# The revision differ's tests (issue #36: the structural differ and its queries of one
# schema's declarations): their pins, then the inline schemas of test_diff.py and
# test_migrate_inline.py. Not test_diff.py's property tests (60 drawn schemas each) nor the
# official revisions' steps (test_diff_corpus.py, test_diff_witness.py: each loads whole
# schemas): seconds of every mutant's run, and the structural differ has 1143 mutants.
DIFF_PROPERTIES = [
    "test_a_schema_never_differs_from_itself",
    "test_adding_an_optional_field_is_exactly_one_additive_change",
    "test_removing_any_field_is_breaking",
    "test_a_witness_is_always_old_valid_and_new_invalid",
    "test_a_constraint_breaks_the_wire_exactly_when_it_tightens",
]
REVISION_TESTS = [
    "tests/compiler/revision/test_structural_pins.py",
    "tests/compiler/revision/test_declarations_pins.py",
    "tests/compiler/revision/test_diff.py",
    *(f"--deselect=tests/compiler/revision/test_diff.py::{name}" for name in DIFF_PROPERTIES),
    "tests/compiler/revision/test_migrate_inline.py",
]

# The dataclasses target's stubs and package: their pins, then the compiled packages'
# server and client answering in process.
DATACLASSES_TARGET = "tests/compiler/emit/test_dataclasses_target.py"
DATACLASSES_STUBS = [
    "tests/compiler/emit/test_dataclasses_stubs_pins.py",
    *(
        f"{DATACLASSES_TARGET}::{name}"
        for name in (
            "test_the_server_stub_gives_dataclasses_and_checks_both_ways",
            "test_the_client_stub_sends_wire_names_and_builds_the_result",
            "test_the_package_is_deterministic_and_lists_its_deviations",
        )
    ),
]

# The msgspec target's emitters (issue #37): its compile-a-snippet tests, its pins, and the
# msgspec vector run of the repository's own schema in-process (``generate``, import,
# decode); not the protocol corpus' (seconds per surviving mutant) nor MCP's (its corpus
# lies outside the tree that mutants/ copies).
VECTORS_CORPUS = "tests/compiler/build_stage/test_vectors_corpus.py"
MSGSPEC_TESTS = [
    "tests/compiler/emit/test_msgspec_target.py",
    "tests/compiler/emit/test_msgspec_pins.py",  # from the survivors (issue #37)
    f"{VECTORS_CORPUS}::test_repository_schema_vectors_agree_with_the_msgspec_package",
    # a pattern beside a list or dict is routed (the in-process half of the crash tests)
    "tests/compiler/emit/test_msgspec_no_crash.py::"
    "test_a_pattern_string_beside_a_list_or_dict_is_routed_and_beside_a_tuple_is_not",
]

TARGETS: dict[str, list[str]] = {
    "negotiation/cursors.py": [RUNTIME],
    "negotiation/variants/_forms.py": [
        RUNTIME,
        "tests/sdk/test_misuse_variants.py",
        "tests/sdk/test_deprecation_info.py",
    ],
    "negotiation/variants/ranking.py": [RUNTIME],
    "negotiation/variants/advertising.py": [RUNTIME],
    "negotiation/variants/resolution.py": [RUNTIME],
    "negotiation/variants/selection.py": [RUNTIME],
    "negotiation/variants/__init__.py": [RUNTIME],
    "codegen/build/writer.py": [
        "tests/compiler/build_stage/test_writer.py",
        "tests/compiler/build_stage/test_writer_pins.py",
    ],
    "negotiation/features.py": [RUNTIME],
    "negotiation/feature_tags.py": [RUNTIME],  # split from features.py (issue #36)
    "negotiation/predicates.py": [RUNTIME],
    "negotiation/content.py": [RUNTIME],
    "negotiation/context.py": [RUNTIME],  # split from content.py (issue #36)
    "negotiation/tool_results.py": [
        RUNTIME,
        *SDK_TESTS,
        "tests/sdk/test_middleware_request_pins.py",
    ],
    "negotiation/versioning.py": [RUNTIME],
    "negotiation/subscriptions.py": [RUNTIME],
    "negotiation/resources.py": [RUNTIME],
    "negotiation/errors.py": [RUNTIME],
    "negotiation/_cache.py": [RUNTIME],
    "negotiation/_wire.py": [RUNTIME],
    "negotiation/__init__.py": [RUNTIME],
    "negotiation/sdk/__init__.py": SDK_TESTS,
    "negotiation/sdk/client.py": [
        *SDK_TESTS,
        "tests/sdk/test_client_pins.py",
        "tests/sdk/test_capability_mirroring.py",
    ],
    "negotiation/sdk/methods.py": [*SDK_TESTS, "tests/sdk/test_methods_pins.py"],
    # the sans-IO halves of the SDK layer (issue #22): their own unit tests, then the SDK's
    "negotiation/declarations.py": [
        RUNTIME,
        *SDK_TESTS,
        "tests/runtime/test_declarations_pins.py",
        "tests/sdk/test_view_memo.py",
    ],
    "negotiation/scopes.py": [RUNTIME, *SDK_TESTS, "tests/sdk/test_middleware_request_pins.py"],
    "negotiation/sdk/server.py": [
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_misuse.py",  # declarations after the server read the extensions
        "tests/sdk/test_per_variant_definitions.py",
        "tests/sdk/test_server_facade_pins.py",  # the fleet-wide ranking, without Redis
        # constructor arguments read only by the middleware
        "tests/sdk/test_go_interop.py",  # experimental_capability
        "tests/sdk/test_anonymous_limit.py",  # anonymous_key
    ],
    # the files whose requests reach the middleware's branches, no more (a run at JOBS=2
    # stays under ~25 minutes): resolution, advertisement, scoped lists and cursors,
    # unknown identifiers, subscriptions and listen, prompts, reads, the switch buckets
    "negotiation/sdk/middleware.py": MIDDLEWARE_TESTS,
    # the engine (issue #36): its decision pins on Request values, then the SDK's requests
    "negotiation/engine.py": ENGINE_TESTS,
    "negotiation/engine_lists.py": ENGINE_TESTS,
    # its values and the SDK's reading: their pins, then the fewest of ENGINE_TESTS (and
    # the sessions' and generated methods' pins) whose branch coverage of the module
    # equals all of theirs (coverage is not killing: the pins came from the survivors)
    "negotiation/engine_parts.py": [
        "tests/runtime/test_engine.py",
        "tests/sdk/test_server_facade_pins.py",  # the shared ranking and switch limit
        "tests/sdk/test_middleware_pins.py",
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_sessions_pins.py",
        "tests/backplane/test_negotiation_redis.py",
    ],
    "negotiation/sdk/reading.py": [
        "tests/sdk/test_reading.py",  # its pins, on stand-in request contexts
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_generated_methods.py",
        "tests/sdk/test_middleware_pins.py",
    ],
    # The split SDK modules (issue #22): the fewest in-process files whose branch coverage
    # of the module equals that of all of tests/sdk and tests/backplane, then its pins.
    "negotiation/sdk/sessions.py": [
        "tests/sdk/test_backplane_bus.py",
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_sessions_pins.py",
    ],
    "negotiation/sdk/extensions.py": [
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_extensions_pins.py",
    ],
    "negotiation/sdk/handlers.py": [
        "tests/sdk/test_middleware_request_pins.py",
        "tests/sdk/test_handlers_pins.py",
    ],
    "negotiation/sdk/registry.py": [
        "tests/sdk/test_registry_pins.py",
        "tests/sdk/test_per_variant_definitions.py",
    ],
    "negotiation/sdk/misuse.py": ["tests/sdk/test_misuse.py"],
    "negotiation/sdk/sdk_resources.py": [
        "tests/sdk/test_sdk_resources.py",
        "tests/sdk/test_demo_defects.py",
        "tests/sdk/test_authored_json.py",
    ],
    "negotiation/sdk/authored.py": ["tests/sdk/test_authored_json.py"],
    "negotiation/sdk/variant_calls.py": ["tests/sdk/test_variant_calls.py"],
    # the backplane (issue #23): the in-memory one, the SDK bus and Redis (fakeredis and
    # a private redis-server, both in tests/backplane). Not the chaos suite (issue #34):
    # about 20 s a run, and its kill -9 replica is a subprocess of the original code.
    "negotiation/backplane.py": [RUNTIME, "tests/sdk/test_backplane_bus.py", *BACKPLANE_TESTS],
    "negotiation/sdk/events.py": [
        "tests/sdk/test_backplane_bus.py",
        "tests/sdk/test_listen_variants.py",
        "tests/backplane/test_negotiation_redis.py",
    ],
    "negotiation/sdk/redis.py": BACKPLANE_TESTS,
    # split from redis.py (issue #36): its URLs and its Lua scripts
    "negotiation/sdk/redis_urls.py": BACKPLANE_TESTS,
    "negotiation/sdk/redis_scripts.py": BACKPLANE_TESTS,
    "negotiation/sdk/anonymous.py": ["tests/sdk/test_anonymous_limit.py"],
    "negotiation/sdk/transports.py": [
        "tests/sdk/test_transports.py",
        "tests/sdk/test_transports_pins.py",
    ],
    # the conformance runner's parts (issue #22): their unit tests need no server
    "conformance/rows.py": ["tests/conformance/test_rows.py"],
    "conformance/probing.py": ["tests/conformance/test_probing.py"],
    "conformance/loading.py": [
        "tests/conformance/test_loading.py",
        "tests/conformance/test_step_shape.py",
    ],
    "conformance/fixture_run.py": [
        "tests/conformance/test_fixture_run.py",
        "tests/conformance/test_step_shape.py",
    ],
    "conformance/runner.py": ["tests/conformance/test_runner.py"],
    # the test vectors (issue #37) and the value builder they share with the diff's witnesses
    "codegen/emit/vectors/build.py": [
        "tests/compiler/emit/test_vectors.py",
        "tests/compiler/emit/test_vectors_pins.py",
    ],
    "codegen/emit/vectors/layout.py": ["tests/compiler/emit/test_vectors.py"],
    "codegen/emit/instances.py": [
        "tests/compiler/emit/test_vectors.py",
        "tests/compiler/emit/test_vectors_pins.py",
        "tests/compiler/revision/test_diff.py",
        "tests/compiler/revision/test_diff_witness.py",
    ],
    # the naming authority and the two modules it stands on (split in issue #36)
    "codegen/emit/python/naming.py": NAMING_TESTS,
    "codegen/emit/python/name_rules.py": NAMING_TESTS,
    "codegen/emit/python/class_specs.py": NAMING_TESTS,
    # resolve, split by step (issue #36): each step with the pass's tests
    "codegen/frontend/resolve.py": RESOLVE_TESTS,
    "codegen/frontend/imports.py": IMPORTS_TESTS,
    "codegen/frontend/references.py": REFERENCES_TESTS,
    "codegen/frontend/checks.py": CHECKS_TESTS,
    # resolve's queries and its printer, moved out of it: the same tests pin them
    "codegen/ir/queries.py": [
        "tests/compiler/frontend/test_resolve.py",
        "tests/compiler/frontend/test_resolve_pins.py",
        "tests/compiler/frontend/test_ts_constructs.py",
        "tests/compiler/emit/test_golden.py",
        "tests/compiler/emit/test_jsonschema_emit.py",
        "tests/compiler/revision/test_diff.py",
        "tests/compiler/ir/test_queries_pins.py",
    ],
    # keys written as numbers: the JSON key and what ``keyof`` gives (issue #33)
    "codegen/ir/keys.py": [
        "tests/compiler/frontend/test_numeric_keys.py",
        "tests/compiler/frontend/test_parse_objects_pins.py",
    ],
    # the one place that knows which IR nodes hold which types (issue #36)
    "codegen/ir/walk.py": [
        "tests/compiler/ir/test_ir_walk.py",
        "tests/compiler/ir/test_queries_pins.py",
        "tests/compiler/frontend/test_budget_pins.py",
    ],
    # the IR's dataclass decorator, checked against ``dataclasses``' own (issue #37)
    "codegen/ir/node_class.py": [
        "tests/compiler/ir/test_ir_node_class.py",
        "tests/compiler/ir/test_ir_node_class_pins.py",
    ],
    "codegen/ir/printer.py": [
        "tests/compiler/frontend/test_resolve_pins.py",
        "tests/compiler/frontend/test_bad_inputs.py",
        "tests/compiler/revision/test_diff.py",
    ],
    "codegen/ir/messages.py": [
        "tests/compiler/emit/test_methods.py",
        "tests/compiler/frontend/test_generic_protocol.py",
        "tests/compiler/revision/test_diff.py",
        "tests/compiler/emit/test_golden.py",
        "tests/compiler/frontend/test_messages_pins.py",
    ],
    # the anonymous-type naming, the intersection algebra and namespace scoping (issue #21);
    # the expansion split by kind of computation (issue #36), each piece with its tests
    **{
        f"codegen/frontend/{name}.py": [*EXPAND_TESTS, *EXPAND_PINS.get(name, [])]
        for name in EXPAND_MODULES
    },
    # the work budget of every expansion (issue #34)
    "codegen/frontend/budget.py": ["tests/compiler/frontend/test_budget_pins.py"],
    # conditional types: the assignability verdicts (issue #21)
    "codegen/frontend/conditional.py": ["tests/compiler/frontend/test_conditional_pins.py"],
    # split out of conditional.py (issue #36): its index-signature rules, and what both share
    "codegen/frontend/index_rules.py": ["tests/compiler/frontend/test_conditional_pins.py"],
    "codegen/frontend/verdicts.py": ["tests/compiler/frontend/test_conditional_pins.py"],
    # one declaration per object member that indexed accesses name (issue #33)
    "codegen/frontend/shared_members.py": [
        "tests/compiler/frontend/test_self_reference.py",
        "tests/compiler/frontend/test_shared_members_pins.py",  # IR-level, from its survivors
    ],
    # the command's garbage collector thresholds during a compile (issue #33)
    "codegen/cli/collector.py": ["tests/compiler/cli/test_collector.py"],
    # module scoping: one name declared by several files (issue #21)
    # (split in issue #36: which names clash and how they are qualified, namespaces' too,
    # in scoping.py; which declaration a module's names mean in module_scope.py)
    # Of the parser's tests only test_parse_pins.py and test_real_world_constructs.py
    # declare one name in two namespaces, which gets past qualify_namespaces' early
    # return; the others never do (measured), yet ran for each of its ~100 mutants
    # (minutes per survivor on a loaded machine).
    "codegen/frontend/scoping.py": [
        *SCOPING_TESTS,
        "tests/compiler/frontend/test_parse_pins.py",
        "tests/compiler/frontend/test_real_world_constructs.py",
    ],
    "codegen/frontend/module_scope.py": SCOPING_TESTS,
    # ``declare global`` beside the module's own declaration of the same name (issue #33)
    "codegen/frontend/global_blocks.py": [
        "tests/compiler/frontend/test_module_scoping.py",
        "tests/compiler/frontend/test_global_blocks_pins.py",
    ],
    # template literal types: expansions within a budget, else a pattern (issue #33)
    "codegen/frontend/template.py": ["tests/compiler/frontend/test_template_pins.py"],
    # the total front end's small modules (issue #33): each with its own pins
    "codegen/frontend/directives.py": ["tests/compiler/frontend/test_directives_pins.py"],
    "codegen/frontend/umd.py": ["tests/compiler/frontend/test_umd_pins.py"],
    "codegen/frontend/intrinsic.py": ["tests/compiler/frontend/test_intrinsic_pins.py"],
    "codegen/frontend/identifiers.py": ["tests/compiler/frontend/test_identifiers_pins.py"],
    "codegen/frontend/results.py": ["tests/compiler/frontend/test_results_pins.py"],
    "codegen/frontend/totality.py": ["tests/compiler/frontend/test_totality_pins.py"],
    "codegen/frontend/bases.py": ["tests/compiler/frontend/test_bases_pins.py"],
    "codegen/frontend/namespaces.py": ["tests/compiler/frontend/test_namespaces_pins.py"],
    # constant enum expressions: each value exactly (parse only; not the oracle's 10 s)
    "codegen/frontend/enum_values.py": ["tests/compiler/frontend/test_enum_values_pins.py"],
    # what a lib global means (``lib_names.py`` is the generated table of names: no logic)
    "codegen/frontend/lib_globals.py": ["tests/compiler/frontend/test_lib_globals_pins.py"],
    # 12 equivalent survivors (docs/testing.md): with tree-sitter-typescript 0.23.2 the
    # ERROR of ``export type *`` is exactly ``type`` and never last but one (8); ``<=``
    # after a ``!=`` guard; ``split(None)`` of a node type; two window bounds no input
    # tells apart
    "codegen/frontend/keyword_names.py": [
        "tests/compiler/frontend/test_keyword_names.py",
        "tests/compiler/frontend/test_keyword_names_pins.py",
    ],
    # 10 equivalent survivors: the span/doc skip of ``_fields`` (no type is written there)
    # and ``zip(..., strict=False)`` spelt ``strict=None`` or left out
    "codegen/frontend/infer.py": ["tests/compiler/frontend/test_infer_pins.py"],
    # the standard library's Error and RegExp (issue #21)
    "codegen/frontend/lib.py": ["tests/compiler/frontend/test_lib_pins.py"],
    # ``string & {}``: what a type every value has adds to a primitive (issue #21 round 3)
    "codegen/frontend/intersect.py": [
        "tests/compiler/frontend/test_intersect_pins.py",
        "tests/compiler/frontend/test_intersect_parts_pins.py",  # object_parts (issue #33)
    ],
    # route planning for unions of models (pydantic callable discriminators)
    "codegen/emit/python/pydantic/routes.py": [
        "tests/compiler/emit/test_routes_pins.py",
        "tests/compiler/emit/test_pydantic_emit.py",
        "tests/compiler/frontend/test_real_world_constructs.py",
        "tests/compiler/emit/test_golden.py",
    ],
    # the models module's render data, import tables and text helpers, split from
    # models.py (issue #36): their pins, then the goldens (the whole module's text)
    "codegen/emit/python/pydantic/model_parts.py": MODEL_TESTS,
    # the models emitter itself, with the same, its pins and the in-process compiles of
    # snippets to models (issue #36)
    "codegen/emit/python/pydantic/models.py": MODELS_TESTS,
    # the Python back end of one schema, shared by every target (issue #37)
    "codegen/emit/python/backend.py": [
        "tests/compiler/emit/test_backend.py",
        "tests/compiler/emit/test_naming_pins.py",
        "tests/compiler/frontend/test_messages_pins.py",
        "tests/compiler/emit/test_golden.py",
    ],
    # the package ``__init__``: every module's public names, models' stated by their
    # emitter (``ModuleText``, issue #37); its pins, then the check against a full parse
    "codegen/emit/python/package.py": [
        "tests/compiler/emit/test_package_pins.py",
        "tests/compiler/emit/test_package_names.py",
    ],
    # the msgspec target (issue #37): its emitter modules, each with MSGSPEC_TESTS
    **{
        f"codegen/emit/python/msgspec/{name}.py": MSGSPEC_TESTS
        for name in ("types", "module", "server", "client", "__init__")
    },
    # the dataclasses target's models and wire tables (issue #37): its pins, in process
    "codegen/emit/python/dataclasses/module.py": [
        "tests/compiler/emit/test_dataclasses_pins.py",
    ],
    # the dataclasses target's stubs and package (issue #37): their text and files, then
    # the stubs run in process (not the mypy or ``python -W error`` subprocess tests)
    **{
        f"codegen/emit/python/dataclasses/{name}": DATACLASSES_STUBS
        for name in ("server.py", "client.py", "__init__.py")
    },
    # a JSDoc comment's prose for every target's docstrings, split from models.py (issue #37)
    "codegen/emit/python/docstrings.py": ["tests/compiler/emit/test_models_pins.py"],
    # the msgspec package's static runtime (issue #37), in process with hand-written Structs
    # (not test_msgspec_target.py: its packages import a copy of the file's text, and
    # mutants/ holds the trampolined text)
    "codegen/runtime/_msgspec.py": ["tests/compiler/emit/test_msgspec_runtime_pins.py"],
    # the dataclasses package's static runtime (issue #37), the same way: in process with
    # hand-written dataclasses, tables and schema.json fragments
    "codegen/runtime/_dataclasses.py": ["tests/compiler/emit/test_dataclasses_runtime_pins.py"],
    # the TypedDict target (issue #37): its package compiled from snippets and used
    # in-process, then its pins; its runtime unit-style (a generated package's
    # ``_runtime.py`` is a copy that the mutants never reach)
    "codegen/emit/python/typeddict/module.py": TYPEDDICT_TESTS,
    "codegen/emit/python/typeddict/server.py": TYPEDDICT_TESTS,
    "codegen/emit/python/typeddict/client.py": TYPEDDICT_TESTS,
    "codegen/emit/python/typeddict/__init__.py": TYPEDDICT_TESTS,
    "codegen/runtime/_typeddict.py": ["tests/compiler/emit/test_typeddict_runtime_pins.py"],
    # rest tuple members in the models (issue #21)
    "codegen/emit/python/pydantic/rest_tuple.py": ["tests/compiler/emit/test_rest_tuple_pins.py"],
    # the parser, split by what it reads (issue #36): each reader with the parser's tests
    "codegen/frontend/parse.py": PARSE_TESTS,
    "codegen/frontend/parse_declarations.py": PARSE_TESTS,
    "codegen/frontend/parse_types.py": PARSE_TESTS,
    "codegen/frontend/parse_objects.py": PARSE_TESTS,
    "codegen/frontend/parse_source.py": PARSE_TESTS,
    # the structural differ, split in issue #36: what it asks of one schema's declarations
    "codegen/revision/declarations.py": REVISION_TESTS,
    "codegen/revision/structural.py": REVISION_TESTS,
    # the schema's JSON text in linear time, and JSDoc tag values as strict JSON (issue #33)
    "codegen/emit/json_text.py": ["tests/compiler/emit/test_json_text.py"],
    "codegen/escape.py": [
        "tests/compiler/emit/test_escape.py",
        "tests/compiler/emit/test_escape_pins.py",
        # not test_escape_properties.py: it runs the compiler in subprocesses, which
        # import the trampolined copy without mutmut's configuration
        "tests/compiler/emit/test_templating.py",
    ],
}

# Copied next to the mutated package so that tests, golden files and the generated
# bindings are found from inside mutants/ exactly as from the worktree.
ALSO_COPY = [
    "tests",
    "generated",
    "schema",
    "bench",
    "demos",
    "examples",
    "docs",  # the targets' pages, which their tests read (issue #37)
    "pyproject.toml",
]


def _child(module: str, jobs: int) -> None:
    """Configure mutmut in-process (no config file to leave behind) and run it."""
    from mutmut import configuration

    package = module.split("/")[0]
    settings = {
        "source_paths": [package],
        "only_mutate": [module],
        "also_copy": [p for p in [*ALSO_COPY, "codegen", "negotiation"] if p != package],
        "pytest_add_cli_args": ["-p", "no:randomly", "-p", "no:cacheprovider", "-q"],
        "pytest_add_cli_args_test_selection": TARGETS[module],
        "use_git_change_detection": False,
        "track_dependencies": False,
    }
    configuration._config_reader = lambda: lambda key, default: settings.get(key, default)
    configuration.reset_config()
    from mutmut.__main__ import cli

    cli(["run", "--max-children", str(jobs)], standalone_mode=False)


def _survivors() -> None:
    """Print the diff of every surviving mutant of the last run (read from mutants/)."""
    import os

    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code

    os.chdir(ROOT)  # mutmut reads mutants/<path> relative to the working directory
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        source = meta.with_suffix("")  # mutants/<module>.py, the trampolined copy
        codes = json.loads(meta.read_text()).get("exit_code_by_key", {})
        for name, code in sorted(codes.items()):
            if status_by_exit_code[code] == "survived":
                print(f"# {name}")
                print(get_diff_for_mutant(name, path=source.relative_to(ROOT / "mutants")))
                print()


def _counts() -> dict[str, int]:
    """mutmut's own tally (its status of each exit code), read from its metadata files."""
    from mutmut.stats import status_by_exit_code

    counts: dict[str, int] = {}
    for meta in (ROOT / "mutants").rglob("*.meta"):
        for code in json.loads(meta.read_text()).get("exit_code_by_key", {}).values():
            status = status_by_exit_code[code]
            counts[status] = counts.get(status, 0) + 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="paths as in TARGETS (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="mutmut --max-children (default 1)")
    parser.add_argument(
        "--survivors", action="store_true", help="print the last run's surviving mutants"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.survivors:
        _survivors()
        return 0
    if args.child:
        _child(args.child, args.jobs)
        return 0
    modules = args.modules or list(TARGETS)
    unknown = [m for m in modules if m not in TARGETS]
    if unknown:
        parser.error(f"not in TARGETS: {', '.join(unknown)}")
    rows = []
    for module in modules:
        if not (ROOT / module).is_file():  # e.g. codegen/escape.py before it lands
            print(f"{module}: not present in this tree, skipped")
            continue
        shutil.rmtree(ROOT / "mutants", ignore_errors=True)
        print(f"== {module} (tests: {' '.join(TARGETS[module])})", flush=True)
        # mutmut's spinner output goes to a log; only its tail is shown if it fails.
        run = subprocess.run(
            [sys.executable, __file__, "--child", module, "--jobs", str(args.jobs)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            print(run.stdout[-2000:], run.stderr[-2000:], sep="\n")
        counts = _counts()
        killed, survived = counts.get("killed", 0), counts.get("survived", 0)
        score = 100 * killed / (killed + survived) if killed + survived else float("nan")
        rows.append((module, killed, survived, score, run.returncode))
        print(f"{module}: {counts} score {score:.1f} %", flush=True)
    print("\nmodule | killed | survived | score")
    for module, killed, survived, score, code in rows:
        note = "" if code == 0 else f" (mutmut exited {code})"
        print(f"{module} | {killed} | {survived} | {score:.1f} %{note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
