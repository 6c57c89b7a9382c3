"""Suggested filters on real lines and people's words (issue 19), on the real library,
through ``/suggest.json`` as users get them.

The log lines are from the corpus's tuning part (``tests/data/corpus/``) or printed by
the tools the signatures cite; the sentences are written the way engineers describe a
problem, with the denials and contrasts they use. Each test names what it would get
wrong without the rule it covers.

The suggestions are checked in the SQLite run only: they are text read against the
vocabulary, the same rows on either database, and reading them twice cost the PostgreSQL
run about 35 seconds (it still reads sentences in ``test_suggested_filters.py``,
``test_evaluation_sets.py`` and the browser tests). What the list and the API find for
them (:class:`ReadingRealLinesInTheListTests`) runs on both: search differs by database.
"""

from .conftest import LibraryTestCase, page, result_count, sqlite_run_only

SQLITE_RUN_ONLY = sqlite_run_only("reading text against the vocabulary")

XID_45 = (
    "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 "
    "caused by previous Xid 149"
)
TRAINING_STEP_LOG = (
    " iteration    29040/  311541 | consumed samples:     10718544 | elapsed time per "
    "iteration (ms): 22332.6 | learning rate: 9.849E-05 | global batch size:  1024 | lm "
    "loss: 2.768131E+00 | loss scale: 65536.0 | grad norm: 0.000 |"
)
WATCHDOG_AFTER_CUDA_ERROR = (
    "Steps:  25%|██▌       | 382/1500 [5:29:27<15:48:09, 50.89s/it, loss=0.0841]\n"
    "[rank9]:[E113 11:43:02.241131296 ProcessGroupNCCL.cpp:1899] [PG ID 5 PG GUID "
    "55(mesh_replicate) Rank 1] Process group watchdog thread terminated with exception: "
    "CUDA error: unspecified launch failure\n"
    "CUDA kernel errors might be asynchronously reported at some other API call, so the "
    "stacktrace below might be incorrect.\n"
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"
)


# Lines of the tools around the GPUs (BMC event logs, kernels, switches, the training and
# serving stacks), each as its cited source prints it, and the values each shows: without
# the component's signature, each suggested none of them.
TOOL_LINES = [
    (
        "   1 | 03/10/2024 | 14:22:05 | Fan FAN3 | Lower Critical going low  | Asserted",
        ["component:cooling-system"],
    ),
    (
        "There were thermal violations totaling 12.5 seconds for GPU 3. Verify that the "
        "cooling on this machine is functional, including external, thermal material "
        "interface, fans, and any other components.",
        ["component:cooling-system"],
    ),
    (
        "   7 | 11/05/2023 | 02:41:17 | Power Supply #0x51 | Power Supply AC lost | Asserted",
        ["component:power-supply"],
    ),
    ("kernel: rcu: INFO: rcu_sched detected stalls on CPUs/tasks:",
     ["component:host-operating-system"]),
    (
        "<190>2018 Apr 20 13:15:07 nexus-switch %ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface "
        "Ethernet1/33 is down (Link failure)",
        ["component:network-switch", "symptom:network-link-flapping"],
    ),
    ("pcieport 0000:00:03.1: DPC: containment event, status:0x1f01 source:0x0000",
     ["component:pcie", "symptom:pcie-error"]),
    ("  2a | 05/01/2023 | 08:11:42 | Memory #0x87 | Correctable ECC | Asserted",
     ["component:host-cpu-and-memory"]),
    ("RuntimeError: DataLoader worker (pid(s) 48213, 48214) exited unexpectedly",
     ["component:training-data-loader"]),
    (
        "[deepspeed] fp16 dynamic loss scale overflow! Skipping step. Attempted loss "
        "scale: 65536, reducing to 32768",
        ["component:optimizer"],
    ),
    ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
     ["component:model-compiler"]),
    (
        "Token indices sequence length is longer than the specified maximum sequence "
        "length for this model (1106 > 1024).",
        ["component:tokenizer-or-chat-template"],
    ),
    (
        "Unable to initialize backend 'tpu': ABORTED: The TPU is already in use by process "
        "with pid 176028. Not attempting to load libtpu.so in this process.",
        ["component:tpu"],
    ),
    ("torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
     ["component:distributed-job-launcher"]),
    ("KV cache pool is full. Retract requests. #retracted_reqs: 1",
     ["component:kv-cache", "component:batching-scheduler"]),
    (
        "Error: failed to create containerd task: failed to create shim task: OCI runtime "
        'create failed: runc create failed: unable to start container process: exec: "python"',
        ["component:container-runtime"],
    ),
    (
        "redis.exceptions.ResponseError: MISCONF Redis is configured to save RDB snapshots, "
        "but it's currently unable to persist to disk.",
        ["component:cache"],
    ),
    (
        "WARN [Producer clientId=producer-1] Connection to node -1 (kafka-0/10.0.5.21:9092) "
        "could not be established. Broker may not be available.",
        ["component:message-queue"],
    ),
    ("Error from server: etcdserver: mvcc: database space exceeded",
     ["component:kubernetes-api-server"]),
    (";; connection timed out; no servers could be reached",
     ["component:dns", "symptom:dns-resolution-failure"]),
    ("[2024-05-01 10:00:00 +0000] [1] [CRITICAL] WORKER TIMEOUT (pid:42)",
     ["component:application-server"]),
    (
        "2024/05/01 10:00:00 [error] 31#31: *1042 no live upstreams while connecting to "
        "upstream, client: 10.0.0.7",
        ["component:load-balancer"],
    ),
    ("slurmctld: error: Nodes gpu[001-004] not responding",
     ["symptom:node-failure", "component:job-scheduler"]),
]  # fmt: skip


class ReadingLinesTestCase(LibraryTestCase):
    """The real library, read only, and the suggestions as ``/suggest.json`` gives them."""

    only_reads = True

    def suggest(self, text):
        response = self.client.get("/suggest.json", {"q": text})
        assert response.status_code == 200, text
        return {f"{item['kind']}:{item['slug']}": item for item in response.json()}


@SQLITE_RUN_ONLY
class ReadingRealLinesTests(ReadingLinesTestCase):
    """What the suggested filters make of real lines and people's words."""

    def test_a_driver_line_about_a_gpu_suggests_the_gpu(self):
        """Without the GPU's signatures, an Xid line named its symptom only."""
        found = self.suggest(XID_45)
        assert found["component:gpu"]["how"] == "signature"
        assert "symptom:xid-error" in found

    def test_a_one_word_signature_of_a_broad_value_is_not_its_setting(self):
        """A broad value (the GPU) named in one word is set aside as the setting when
        something particular is named; a log token its signature matched is evidence:
        this line suggested the ECC error but not the GPU whose memory had it."""
        found = self.suggest(
            "RuntimeError: transform: failed to synchronize: cudaErrorECCUncorrectable: "
            "uncorrectable ECC error encountered"
        )
        assert found["component:gpu"]["how"] == "signature"
        assert found["symptom:ecc-error"]["how"] == "signature"
        # Named in prose, the GPU is still the setting of a particular symptom.
        assert "component:gpu" not in self.suggest("ECC errors on the GPU nodes again")

    def test_garbled_text_is_degraded_output(self):
        """Users say the output 'has garbled text' as often as 'garbled output'."""
        found = self.suggest(
            "after sft on sglang the output has garbled text; without sglang it is normal"
        )
        assert found["symptom:degraded-output-quality"]["how"] == "alias"

    def test_each_value_is_suggested_once(self):
        """Two readings of one metric ("tokens/s down 40%" inside "tokens/s down 40% on
        one job") listed Training throughput drop twice."""
        response = self.client.get("/suggest.json", {"q": "tokens/s down 40% on one job"})
        slugs = [(item["kind"], item["slug"]) for item in response.json()]
        assert slugs.count(("symptom", "training-throughput-drop")) == 1
        assert len(slugs) == len(set(slugs))

    def test_everyday_words_for_a_nan_loss_and_rebooting_nodes(self):
        """Found by a new user: these suggested nothing."""
        assert self.suggest("loss goes to NaN")["symptom:loss-spike"]["how"] == "alias"
        assert "symptom:node-failure" in self.suggest("the nodes keep rebooting")

    def test_words_of_a_function_name_are_code_not_a_part(self):
        """Found by a new user: the driver function mlx5_health_check_fatal_sensors was
        read as the Health check component by its name."""
        assert "component:health-check" not in self.suggest("mlx5_health_check_fatal_sensors")
        assert "component:health-check" in self.suggest("the health check kept passing")

    def test_tools_lines_suggest_what_prints_them(self):
        """Each line's meaning comes from the page its signature cites."""
        cases = [
            ("HW Exception by GPU node-9 (Agent handle: 0x64ff272d8ab0) reason :GPU Hang\n"
             "Aborted (core dumped)", "symptom:job-crash"),
            ("ncclUnhandledCudaError: Call to CUDA function failed. Last error: Cuda "
             "failure 999 'unknown error'", "component:nccl"),
            ("Status:         Failed\nReason:         Evicted\nMessage:        The node was "
             "low on resource: ephemeral-storage.", "component:kubelet"),
            ("[ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', 'train.py'] exits "
             "with return code = -9", "component:distributed-job-launcher"),
            ("salloc: Prolog failure on node k003-006\nsalloc: Job allocation 235454 has "
             "been revoked.", "component:job-scheduler"),
            ("PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST\n"
             "gpu          up 14-00:00:0     12  drng@ c[002,004]", "component:job-scheduler"),
            ('"POST /v1/topup HTTP/1.1" 503 UC upstream_reset_before_response_started'
             "{connection_termination}", "component:load-balancer"),
            ("urllib.error.HTTPError: HTTP Error 503: Slow Down", "symptom:requests-throttled"),
            ("minio.error.S3Error: S3 operation failed; code: SlowDown, message: None",
             "symptom:requests-throttled"),
            ("An error occurred (RequestLimitExceeded) when calling the DescribeInstances "
             "operation", "symptom:requests-throttled"),
            ("requests temporarily failed with 429 - concurrency limit reached",
             "symptom:requests-throttled"),
            ("We are getting 503 no healthy upstream error intermittently from the gateway",
             "component:load-balancer"),
            ("upstream timed out (110: Operation timed out) while reading upstream",
             "component:load-balancer"),
            ("CUDA Error 802 on all H200 multi-GPU jobs", "symptom:cuda-error"),
            ("ncclUnhandledCudaError: Call to CUDA function failed. Last error: Cuda failure "
             "999 'unknown error'", "symptom:cuda-error"),
            ("2020/08/10 19:09:42 'nvidia.com/gpu' device marked unhealthy: GPU-7540a9b3",
             "symptom:gpu-not-visible"),
            ("after istio I am getting 504 Gateway Timeout on every slow call",
             "component:load-balancer"),
            ("I'm getting frequent `429` responses from the endpoint",
             "symptom:requests-throttled"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(value=value, text=text[:40]):
                assert self.suggest(text)[value]["how"] == "signature"

    def test_more_tools_lines(self):
        """Batch two: InfiniBand counters and link state, a transport that gave up, the
        old PyTorch CUDA error, a training loop's own words."""
        cases = [
            ("GUID 0x1070fd0300370ea2 port ALL: [LinkDownedCounter == 25 (25.000)] "
             "[PortRcvErrors == 26 (26.000)]", "component:infiniband-fabric"),
            ("link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state "
             "DOWN physical_state POLLING", "component:infiniband-fabric"),
            ("[node-1:31180:0:31180] ib_mlx5_log.c:143  Transport retry count exceeded on "
             "mlx5_0:1/RoCE (synd 0x15 vend 0x81 hw_synd 0/0)",
             "symptom:network-connectivity-loss"),
            ("RuntimeError: cuda runtime error (802) : system not yet initialized at "
             "/opt/conda/conda-bld/pytorch/work/aten/src/THC/THCGeneral.cpp:50",
             "symptom:cuda-error"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(value=value, text=text[:40]):
                assert self.suggest(text)[value]["how"] == "signature"

    def test_the_setting_is_read_even_inside_another_values_words(self):
        """ "training crashes" is a job crash (an alias) and names the training workload:
        workloads, accelerators and organisations are read in a pass of their own."""
        found = self.suggest("TPU v3 training crashes randomly")
        assert {"symptom:job-crash", "workload:training", "component:tpu"} <= set(found)

    def test_a_software_project_shares_its_softwares_fate(self):
        """A project named as the software run ("I train PyTorch models", "vLLM crashes")
        is offered as the organisation beside the component (every round of blind
        helpers from 34 to 45 wanted it); named in passing ("the same vLLM version") or
        as a suspicion taken back, it is offered as neither."""
        found = self.suggest("I primarily train PyTorch models and jobs crash on node-1")
        assert {"organisation:pytorch", "component:training-framework"} <= set(found)
        found = self.suggest("vllm 0.6.3 crashes only when prefix caching is on")
        assert {"organisation:vllm", "component:inference-server"} <= set(found)
        # (named as a modifier of what runs it too: "vLLM pods keep restarting")
        found = self.suggest(
            "vLLM pods in us-east keep restarting, CrashLoopBackOff on 3 of 8 replicas"
        )
        assert {"organisation:vllm", "component:inference-server"} <= set(found)
        found = self.suggest("crashes on the new nodes with the same vLLM version")
        assert "organisation:vllm" not in found
        assert "component:inference-server" not in found
        assert "organisation:triton-lang" not in self.suggest(
            "thought the Triton compiler was miscompiling the fused kernel (outputs differ "
            "from eager) but the diff is within 1e-3, just bf16 accumulation order"
        )

    def test_people_say_hang_and_slower_in_many_ways(self):
        cases = [
            ("While performing multi-node nccl-tests, 2 of my nodes are hanging without any "
             "error messages", "symptom:job-hang-without-error"),
            ("The training speed is two times slower than Megatron-LM",
             "symptom:training-throughput-drop"),
            ("Training starts out fast, but then up to the first validation the MFU tanks",
             "symptom:training-throughput-drop"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(text):
                assert value in self.suggest(text)
        retracted = self.suggest(
            "It does not reproduce, and I am withdrawing the attribution to PyTorch."
        )
        assert "organisation:pytorch" not in retracted

    def test_batch_three_rules(self):
        """A later mention affirms what an earlier one denied; an exact phrase beats one
        only its verb ending makes; serving is not training; Ollama is an inference
        server (and, since 2026-12-07, its project's organisation too)."""
        found = self.suggest("no ECC errors last week, but ECC errors on three nodes today")
        assert "symptom:ecc-error" in found
        limiter = self.suggest("a bug in our rate limiting broke device updates")
        assert "component:rate-limiter" in limiter
        assert "symptom:requests-throttled" not in limiter
        assert "symptom:requests-throttled" in self.suggest("we got rate limited by the API")
        serving = self.suggest("after upgrading vLLM the inference throughput dropped 28%")
        assert "symptom:training-throughput-drop" not in serving
        assert "component:inference-server" in serving
        ollama = self.suggest("ollama inference returns within 3 seconds but the client times out")
        assert {"component:inference-server", "organisation:ollama"} <= set(ollama)

    def test_questions_dismissals_and_denials_after_the_words(self):
        """Batch four, from the denials set: a yes/no question only supposes, a sentence
        that calls itself unrelated or benign sets itself aside, "X isn't the problem",
        "X never …", "X off", "X healthy" deny X, and a word said not to be so keeps the
        meaning layer off every value using it."""
        cases = [
            ("could this be NVLink? the intra-node all-gather is 3x slower than on the "
             "sister box", "symptom:nvlink-error"),
            ("repeat offenders? nope, each failure was a different node",
             "contributing_factor:repeat-offender-nodes"),
            ("the OOM killer did fire on node-4 but that was someone's notebook, unrelated. "
             "the training job itself died with SIGBUS", "symptom:out-of-memory"),
            ("Slurm isn't the problem here, the job got its 64 nodes immediately",
             "component:job-scheduler"),
            ("k8s API server is responsive so it's not the control plane; the device plugin "
             "is crashlooping", "component:kubernetes-api-server"),
            ("the H100 fleet never showed this; only the new B200 racks hit Xid 149",
             "accelerator:h100"),
            ("Xid 79 on gpu3 again. not thermal, temps were 61C at the time",
             "root_cause:gpu-overheating"),
            ("we first blamed DNS but lookups were fine the whole time", "component:dns"),
            ("unlike last month there were no power events, PDUs and PSUs all green. three "
             "nodes just kernel panicked", "component:power-supply"),
            ("the straggler isnt a network thing, ib_write_bw hits 390 Gb/s on every pair",
             "component:infiniband-fabric"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(text):
                assert value not in self.suggest(text), list(self.suggest(text))
        assert "symptom:job-crash" in self.suggest(
            "Slurm isn't the problem here; the job crashed on rank 5"
        )

    def test_training_and_serving_logs_suggest_their_workload(self):
        """Migration 0015's aliases: a training log's fields, a serving metric."""
        assert "workload:training" in self.suggest(TRAINING_STEP_LOG)
        assert "workload:inference" in self.suggest("TTFT doubled after the upgrade")

    def test_a_long_paste_gets_no_chip_from_a_clause_that_reads_like_a_value_by_chance(self):
        """Past three clauses, the meaning layer needs a clause that reads like the value
        itself: without that bar, the step log below suggested *Bad training data* and
        *Numerical instability*, the CUDA error *Slow manual diagnosis* ("For debugging
        consider passing")."""
        assert not [v for v in self.suggest(TRAINING_STEP_LOG) if v.startswith("root_cause")]
        cuda = (
            "RuntimeError: CUDA error: device-side assert triggered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so "
            "the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."
        )
        assert list(self.suggest(cuda)) == ["symptom:cuda-error"]

    def test_a_metric_that_moved_shows_its_symptom(self):
        """search/metrics.py: the number engineers watch and the way it moved."""
        cases = [
            ("iteration time crept up from 9 s to 14 s over the week",
             "symptom:training-throughput-drop"),
            ("tokens/s down 40% on one job", "symptom:training-throughput-drop"),
            ("TTFT went from 300 ms to 4 s after the upgrade", "symptom:increased-latency"),
            ("error rate jumped to 5% after the deploy", "symptom:elevated-error-rate"),
            ("we lost 30% of our usable GPUs overnight", "symptom:capacity-loss"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(text):
                assert value in self.suggest(text)
        # Better, flat, the other way, or another clause's direction: no symptom.
        for text in ["step time went from 1.2 s to 0.9 s", "throughput improved and latency "
                     "went down", "the loss went down while throughput stayed flat",
                     "loss isn't spiking, it just flattened after the warmup"]:  # fmt: skip
            with self.subTest(text):
                found = self.suggest(text)
                assert "symptom:training-throughput-drop" not in found
                assert "symptom:increased-latency" not in found
                assert "symptom:loss-spike" not in found

    def test_a_signal_that_said_all_was_well_against_what_happened_is_misleading(self):
        """search/metrics.py: a report, check or look that said well, set against a
        failure in the same sentence or the one before, shows *Misleading signals*."""
        for text in [
            "we recently had a NCCL timeout reported by pytorch, but RAS shows it healthy.",
            "The hub was still unstable although the database seemed healthy.",
            "the dashboards were all green while users were seeing errors",
            "When the hang happens, the GPU util is 100% but the power draw is low.",
            "The diagnostic can still complete with an overall **PASS** result even though "
            "it records an allocation error.",
            # After a sentence of failure; a check that missed it (corpus, tuning part).
            "Both workers had the same problems as above. AWS CloudWatch reported everything "
            "was fine on all servers.",
            "It was very surprised to see that it was not caught by dcgm diagnostics --run "
            "xlong, it completes w/o any issue.",
        ]:
            with self.subTest(text):
                assert "contributing_factor:misleading-signals" in self.suggest(text)
        # Well with nothing against it, or a failure denied: nothing misleading.
        for text in ["nvidia-smi shows the GPUs are healthy.",
                     "All checks passed and the deploy went fine.",
                     "the dashboards never showed healthy, but the job ran",
                     "The upgrade went well. The job completes without any issue."]:  # fmt: skip
            with self.subTest(text):
                assert "contributing_factor:misleading-signals" not in self.suggest(text)

    def test_an_error_message_that_begins_with_no_rules_nothing_out(self):
        """ "no healthy upstream" is Envoy's error, not a denial: the clause that said it
        was set aside whole (its load balancer and "intermittently" with it)."""
        found = self.suggest("We are getting 503 no healthy upstream error intermittently")
        assert "component:load-balancer" in found
        assert "symptom:intermittent-failures" in found
        # A denial still is one.
        assert "symptom:ecc-error" not in self.suggest("no ECC errors on any node")

    def test_a_network_card_by_its_model_is_the_nic(self):
        """Engineers name the card by its model ("CX7") or as a card."""
        for text in ["each node has 4 400Gbps CX7 RDMA network cards with RoCE2",
                     "nccl-test between two nodes on the specified cx7 ib card fails"]:  # fmt: skip
            with self.subTest(text):
                assert "component:nic" in self.suggest(text)

    def test_a_training_run_named_by_its_framework_or_its_numbers_is_training(self):
        """Migration 0017: Megatron, FSDP and a sharded optimizer state are training's; a
        value after "=" that only begins with 0 ("grad_norm=0.378") is not a count of
        none denying the word before it."""
        for text in ["The 64-GPU Megatron run lost its step-2 checkpoint",
                     "Unable to resume job using FSDP with 64 nodes",
                     "50.89s/it, loss=0.0841, step_time=50.94s, grad_norm=0.378]"]:  # fmt: skip
            with self.subTest(text):
                assert "workload:training" in self.suggest(text)
        assert "symptom:xid-error" not in self.suggest("Xid 79 count: 0")

    def test_what_a_sentence_dismisses_suggests_nothing(self):
        """Denial read the same by every layer: a subject that "did NOT misbehave" or
        "wasn't too short", what "is just" something benign or "was a bad sensor", a
        reading that "was flat", and "not the … story" suggest nothing of themselves."""
        cases = [
            ("p99 up, p50 flat. autoscaler did NOT misbehave (replicas steady at 24)",
             "root_cause:faulty-automation"),
            ("the timeout wasn't too short, 30 min is plenty. the rank really was gone",
             "contributing_factor:mistuned-timeouts"),
            ("the `Connection reset by peer` in the TCPStore logs is just the other ranks "
             "noticing rank 5 died", "component:distributed-job-launcher"),
            ("no thermal issue, the CDU alarm last night was a bad sensor and coolant temps "
             "were flat", "component:cooling-system"),
            ("no, this is not the Llama 3 paper style SDC story. grads are bit-identical",
             "symptom:silent-data-corruption"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(text):
                assert value not in self.suggest(text)
        # What follows the dismissal is still read.
        found = self.suggest("the reset in the TCPStore logs is just noise; rank 5 segfaulted")
        assert "symptom:job-crash" in found

    def test_a_long_paste_gets_no_weak_guess_of_meaning(self):
        """LONG_TEXT_THRESHOLD: past 120 characters the classifier must give a value half
        a clause; these lines got *Data exposure*, *GPU overheating* and *Job hang without
        error* from a guess of 0.2-0.4."""
        cable = (
            "* Sfc6a1c03006ff580/Nfc6a1c03006ff580/P1/13/1 - Cable High Temperature Alarm "
            "reported, current temperature: 64C, threshold: 80C"
        )
        found = self.suggest(cable)
        assert "symptom:data-exposure" not in found
        assert "root_cause:gpu-overheating" not in found
        nfs = "[1576939.453001] nfs: server 10.0.0.36 not responding, still trying\n" * 2
        found = self.suggest(nfs)
        assert "symptom:job-hang-without-error" not in found
        assert "component:shared-file-system" in found

    def test_a_word_used_as_a_verb_or_in_code_is_not_the_value(self):
        """search/passing.py: "scale up" is an action, not the factor *Scale*; a word of a
        snake_case identifier is code, not the component."""
        for text in ["When traffic increases, the Ray Serve application attempts to scale up "
                     "more replicas", "we attempted to scale the nodes of the cluster",
                     "the pods are being scaled up from zero"]:  # fmt: skip
            with self.subTest(text):
                assert "contributing_factor:scale" not in self.suggest(text)
        assert "contributing_factor:scale" in self.suggest("this only breaks at scale")
        code = 'File "/site-packages/vllm/v1/core/kv_cache_utils.py", line 699'
        assert "component:cache" not in self.suggest(code)
        assert "component:cache" in self.suggest("the Redis cache fell over")

    def test_a_hang_with_an_error_is_not_a_hang_without_error(self):
        """*Job hang without error* is a hang that printed nothing: not one beside an
        error line, nor one "with error messages"."""
        for text in [
            "magatron training hangs up with error messages as following. ReduceScatter "
            "failed to be finished within the timeout (30mins).",
            "NVRM: Xid (PCI:0000:61:00): 45, pid=1496200, name=python3, Ch 0000000a\n"
            "the task hung after that",
        ]:
            with self.subTest(text):
                assert "symptom:job-hang-without-error" not in self.suggest(text)
        silent = "the whole job hangs at checkpoint time with no error and no timeout"
        assert "symptom:job-hang-without-error" in self.suggest(silent)

    def test_logs_are_where_a_failure_shows_not_the_logging_stack(self):
        """ "logging" was an alias of *Monitoring and logging*, and verb endings fold to
        "log": every "logs", "logged", "log analysis" suggested the telemetry stack."""
        for text in [
            "mce: [Hardware Error]: Machine check events logged",
            "Training logs stop mid-run with no traceback and no NCCL error.",
        ]:
            with self.subTest(text):
                assert "component:monitoring-and-logging" not in self.suggest(text)
        for text in ["our logging pipeline fell over and we lost a day of logs",
                     "Prometheus stopped scraping the DCGM exporter"]:  # fmt: skip
            with self.subTest(text):
                assert "component:monitoring-and-logging" in self.suggest(text)

    def test_an_inference_server_is_serving_a_model(self):
        """The workload *Inference* follows from an inference server or its KV cache named
        with a chip's confidence (IMPLIED); without it the vLLM line had no workload."""
        for text in [
            "I am observing higher latency in new versions of vllm: 92 ms on 0.7.3, 105 ms "
            "on 0.9.0.1",
            "WARNING scheduler.py:1493] Sequence group chat-55 is preempted by "
            "PreemptionMode.RECOMPUTE mode because there is not enough KV cache space.",
        ]:
            with self.subTest(text):
                found = self.suggest(text)
                assert "workload:inference" in found
                assert "component:inference-server" in found
        # A training run names no inference server; a guess by meaning implies nothing.
        for text in [
            "the training job hit a NCCL timeout",
            "an engineer ran the wrong command against the production cluster",
        ]:
            with self.subTest(text):
                assert "workload:inference" not in self.suggest(text)

    def test_a_verb_form_names_the_value(self):
        """Names and aliases match past and -ing forms ("dropped" is "drop")."""
        assert "symptom:training-throughput-drop" in self.suggest("training throughput dropped")
        assert "symptom:training-throughput-drop" in self.suggest("throughput dropping")

    def test_an_organisation_inside_a_path_or_version_is_not_the_organisation(self):
        path = "RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:784"
        assert "organisation:pytorch" not in self.suggest(path)
        kernel = "CPU: 24 PID: 1364 Comm: khungtaskd Tainted: P  OE  5.15.0-1053-nvidia #54"
        assert "organisation:nvidia" not in self.suggest(kernel)
        assert "organisation:meta" in self.suggest("Meta reported the outage in its postmortem")

    def test_a_product_named_beside_a_symptom_suggests_its_component(self):
        """ "vLLM" names the inference server (a broad component) as a product: it stays a
        chip beside the symptom, where the generic word "GPU" would be the setting."""
        found = self.suggest("vLLM 0.13 shows a big TTFT regression after the upgrade")
        assert "component:inference-server" in found
        assert "symptom:increased-latency" in found
        assert "component:gpu" not in self.suggest("GPU utilization is low after the upgrade")

    def test_a_component_that_only_sets_the_scene_gets_no_chip(self):
        found = self.suggest(
            "Slurm jobs 837/838 spent over 100 minutes opening the shared image lock"
        )
        assert "component:job-scheduler" not in found
        found = self.suggest("Our DGX nodes are connected using InfiniBand. The training hangs.")
        assert "component:infiniband-fabric" not in found
        assert "workload:inference" not in self.suggest("the self-serving cache got slow")
        assert "workload:training" not in self.suggest("non-training jobs hang")
        # Named as what failed, it is a chip.
        assert "component:job-scheduler" in self.suggest("Slurm stopped scheduling jobs")

    def test_a_log_line_a_signature_explains_is_not_read_again_for_meaning(self):
        """The watchdog line's own words read like an NCCL timeout; the signature says
        the line is a CUDA error."""
        found = self.suggest(WATCHDOG_AFTER_CUDA_ERROR)
        assert "symptom:cuda-error" in found
        assert "symptom:nccl-timeout" not in found

    def test_lines_the_new_signatures_and_the_link_flap_rule_read(self):
        """Each line suggested nothing of the value named (tools' own words: PyTorch's
        watchdog and WorkNCCL, CUDA error 802's string, an IPv4-mapped RoCE GID, the
        kernel's link-state lines)."""
        found = self.suggest(WATCHDOG_AFTER_CUDA_ERROR)
        assert found["symptom:job-crash"]["how"] == "signature"
        timeout = (
            "[Rank 4] Watchdog caught collective operation timeout:\nWorkNCCL(SeqNum=27732, "
            "OpType=_REDUCE_SCATTER_BASE,\n NumelIn=215585536, NumelOut=26948192, "
            "Timeout(ms)=1800000)\n ran for 1800003 milliseconds before timing out."
        )
        assert "component:nccl" in self.suggest(timeout)
        burn = (
            "$ gpu_burn -d 60\nBurning for 60 seconds.\nterminate called after throwing an "
            "instance of 'std::runtime_error'\n  what():  Error (gpu_burn-drv.cpp:298): "
            "system not yet initialized"
        )
        assert "symptom:cuda-error" in self.suggest(burn)
        assert "symptom:cuda-error" in self.suggest(
            "on H200 instances CUDA initialization fails with 802 system error"
        )
        roce = (
            "NCCL WARN NET/IB : Got completion from peer 10.0.0.2<55921> with status=12 "
            "opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:10.0.0.1 "
            "remoteGids::ffff:10.0.0.2"
        )
        assert "component:roce-fabric" in self.suggest(roce)
        found = self.suggest("LnkSta: Speed 16GT/s, Width x8 (downgraded)")  # lspci -vv
        assert found["symptom:pcie-error"]["how"] == "signature"
        assert "symptom:pcie-error" not in self.suggest("LnkSta: Speed 32GT/s, Width x16")
        flaps = "\n".join(
            f"Mar 27 15:37:{second} node-1 kernel: mlx5_core 0000:01:00.1 eth1: Link up"
            for second in (34, 39, 43)
        )
        assert "symptom:network-link-flapping" in self.suggest(flaps)
        # A paste longer than the search reads keeps each shape of line once, but a line of
        # trouble up to three times: forty link-state lines amid USB noise still flap.
        long_paste = "\n".join(
            f"Mar 27 15:{i:02d}:{i:02d} node-1 kernel: ixgbe 0000:01:00.1 eth1: NIC Link is "
            + ("Down" if i % 2 else "Up 10 Gbps, Flow Control: RX/TX")
            + f"\nMar 27 15:{i:02d}:{i:02d} node-1 kernel: usb 1-{i}: new USB device found"
            for i in range(40)
        )
        assert "symptom:network-link-flapping" in self.suggest(long_paste)
        # One link-state line is no flapping; nor is one line naming the state thrice.
        assert "symptom:network-link-flapping" not in self.suggest(flaps.split("\n")[0])
        assert "symptom:network-link-flapping" not in self.suggest(
            "eth1: Link up, eth2: Link up, eth3: Link up after the reboot"
        )

    def test_fresh_inputs_a_helper_wrote_without_the_vocabulary(self):
        """Lines and sentences a helper wrote before reading the vocabulary, read wrong or
        not at all before: a proper name made plural, a lot of parts, a verbless clause of
        a thing unchanged, a state word after a name, a service's exit, and four log lines
        (the kernel's MCE record, NCCL's port event, PyTorch's aborted communicator)."""
        assert "organisation:ray-project" not in self.suggest("cosmic rays flipping bits in HBM")
        assert "organisation:ray-project" in self.suggest("we moved off Ray last year")
        found = self.suggest("we got a bad batch of optics from the vendor")
        assert "component:optical-transceiver" in found
        assert "root_cause:bad-training-data" not in found
        assert "root_cause:bad-training-data" in self.suggest(
            "a bad batch of samples made the loss spike"
        )
        found = self.suggest(
            "CUDA out of memory after enabling longer context, batch size unchanged"
        )
        # (the memory that ran out is the GPU's: a twenty-fifth round of blind helpers)
        assert sorted(found) == ["component:gpu-memory-hbm", "symptom:out-of-memory"]
        found = self.suggest("row remapping pending, need to drain the node")
        # (a row remap pending is faulty GPU memory: NVIDIA's A100 memory error docs)
        assert set(found) == {
            "symptom:ecc-error", "component:gpu-memory-hbm", "root_cause:gpu-memory-fault"
        }  # fmt: skip
        found = self.suggest("a fibre cut took out the link between the two sites")
        assert list(found) == ["root_cause:network-link-or-cable-fault"]
        found = self.suggest(
            "Dec 03 10:12:01 gpu-node-17 systemd[1]: nvidia-fabricmanager.service: Failed "
            "with result 'exit-code'."
        )
        assert list(found) == ["component:nvlink"]
        assert "symptom:job-hang-without-error" in self.suggest("all ranks stuck in allreduce")
        found = list(self.suggest("the bug was in our code"))
        assert found[0] == "root_cause:user-code-or-configuration-error"
        mce = "mce: [Hardware Error]: CPU 12: Machine Check: 0 Bank 5: be00000000800400"
        assert self.suggest(mce)["component:host-cpu-and-memory"]["how"] == "signature"
        port = self.suggest("NCCL WARN NET/IB : Got async event : port error")
        assert port["symptom:network-link-flapping"]["how"] == "signature"
        aborted = self.suggest(
            "RuntimeError: NCCL communicator was aborted on rank 3. Original reason for "
            "failure was: Watchdog caught collective operation timeout"
        )
        assert aborted["symptom:job-crash"]["how"] == "signature"
        # A change in a text that names no trouble and says all went well; a failure
        # denied with a qualifier; CRC errors on a switch fabric; a breaker that tripped.
        assert not self.suggest(
            "after we upgraded to the 550 driver, the nodes are fine and nothing broke"
        )
        found = self.suggest("slow checkpoint loading, no actual failure")
        assert "symptom:checkpoint-failure" not in found
        found = self.suggest("lots of CRC errors on links between leaf and spine")
        assert "symptom:nvlink-error" not in found
        found = self.suggest("we lost like 200 GPUs when the PDU tripped")
        assert {"root_cause:power-loss", "symptom:capacity-loss"} <= set(found)
        found = self.suggest("we lost a third of our GPU capacity when one cluster went down")
        assert "root_cause:power-loss" not in found

    def test_launcher_resolver_and_hub_lines_and_a_deploy_before_trouble(self):
        """PyTorch's rendezvous socket timing out and its c10d store failing (read by
        meaning as stolen credentials: "key-value store by key"), curl's error 6,
        transformers failing to reach the Hub; "stole" is no slip for "store"; trouble
        after a deploy points to a software regression, after a config rollout not."""
        found = self.suggest(
            "torch.distributed.DistNetworkError: The client socket has timed out after "
            "900000ms while trying to connect to (10.0.0.1, 29500)."
        )
        assert found["component:distributed-job-launcher"]["how"] == "signature"
        found = self.suggest(
            "RuntimeError: [1] is setting up NCCL communicator and retrieving ncclUniqueId "
            "from [0] via c10d key-value store by key '0', but store->get('0') got error: "
            "Connection reset by peer"
        )
        assert found["component:distributed-job-launcher"]["how"] == "signature"
        assert "root_cause:stolen-credentials" not in found
        found = self.suggest("curl: (6) Could not resolve host: huggingface.co")
        assert found["symptom:dns-resolution-failure"]["how"] == "signature"
        found = self.suggest(
            "OSError: We couldn't connect to 'https://huggingface.co' to load this file, "
            "couldn't find it in the cached files"
        )
        assert found["component:package-or-model-registry"]["how"] == "signature"
        assert "root_cause:storage-system-failure" not in found
        found = self.suggest("someone stole our AWS access keys and spun up GPUs")
        assert found["root_cause:stolen-credentials"]["matched"].startswith("someone stole")
        found = self.suggest("p99 latency jumped from 800ms to 6s after the deploy")
        assert "root_cause:software-regression" in found
        assert "root_cause:configuration-change" not in found
        found = self.suggest("error rate doubled after the config rollout")
        assert "root_cause:software-regression" not in found
        found = self.suggest("INT8 KV caching + bf16 LLaMA engine generates garbage tokens")
        assert {"component:kv-cache", "component:inference-server"} <= set(found)
        found = self.suggest("triton inference latency increases rapidly at 1 s intervals")
        assert "component:inference-server" in found
        found = self.suggest("I am observing higher latency in new versions of vllm.")
        assert "root_cause:software-regression" in found
        found = self.suggest("on H200 instances CUDA initialization fails with 802 system error")
        assert found["symptom:gpu-not-visible"]["how"] == "signature"
        found = self.suggest("Training logs stop mid-run with no traceback and no NCCL error.")
        assert "symptom:job-hang-without-error" in found
        found = self.suggest("the TPU dies silently after a few hours, just keeps spinning")
        assert "symptom:job-hang-without-error" in found
        # Two jobs on the same GPUs is no bad node put back; a login node is a host,
        # not the sign-in service; an IB switch is a switch.
        found = self.suggest("the scheduler placed two jobs on the same GPUs")
        assert "contributing_factor:repeat-offender-nodes" not in found
        found = self.suggest("the scheduler allocated the same node and we crashed again")
        assert "contributing_factor:repeat-offender-nodes" in found
        found = self.suggest("disk full on the login node, nothing works")
        assert "component:authentication-service" not in found
        found = self.suggest("the IB switch in rack 12 died and took 64 nodes with it")
        assert "component:network-switch" in found

    def test_a_second_helpers_fresh_inputs(self):
        """From a second helper's blind inputs: a server's pods are the server; "OOMed";
        NCCL's "NET/IB : No device found" is no missing GPU; two things "both healthy";
        HTML markup is not read; a setting's identifier names no part; and kubelet,
        Slurm and Lustre lines that imply more than they name."""
        found = self.suggest("model serving outage, vllm pods crashlooping")
        assert "component:inference-server" in found
        found = self.suggest("an nginx server in front of the model server always gives 504")
        assert "component:load-balancer" in found
        assert "symptom:out-of-memory" in self.suggest("not an ECC issue, the job OOMed on rank 3")
        found = self.suggest("gpu-a-12:88:312 [7] NCCL INFO NET/IB : No device found.")
        assert "symptom:gpu-not-visible" not in found
        assert "symptom:gpu-not-visible" in self.suggest("nvidia-smi: no devices found")
        found = self.suggest("NVLink and IB both healthy; storage was the bottleneck")
        assert not {"component:nvlink", "symptom:infiniband-link-errors"} & set(found)
        found = self.suggest("<script>alert(1)</script> GPU fell off the bus")
        # (the GPU that fell is the part: component:gpu beside the symptom)
        assert list(found)[0] == "symptom:gpu-fell-off-the-bus"
        assert set(found) <= {"symptom:gpu-fell-off-the-bus", "component:gpu"}
        found = self.suggest("--gpu_memory_utilization 0.95 gives OOM at startup")
        assert "component:gpu-memory-hbm" not in found
        found = self.suggest(
            'kubelet[2211]: I0312 04:11:02.123456    2211 eviction_manager.go:366] "Eviction '
            'manager: attempting to reclaim" resourceName="ephemeral-storage"'
        )
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        found = self.suggest(
            "  Ready   False   Tue, 12 Mar 2024 04:11:02 +0000   KubeletNotReady   PLEG is "
            "not healthy: pleg was last seen active 3m12.1s ago; threshold is 3m0s"
        )
        assert found["symptom:node-failure"]["how"] == "signature"
        found = self.suggest(
            "[2024-03-12T03:14:07.512] error: Nodes gpu-[101-104] not responding, setting DOWN"
        )
        assert found["component:job-scheduler"]["how"] == "signature"
        found = self.suggest(
            "Lustre: scratch-OST0012-osc-ffff9a3c: Connection to scratch-OST0012 (at "
            "10.10.1.22@o2ib) was lost; in progress operations using this service will "
            "wait for recovery to complete"
        )
        assert found["root_cause:storage-system-failure"]["how"] == "signature"
        found = self.suggest("NVLink fine, IB flapping on half the rack")
        assert "component:cooling-system" not in found
        found = self.suggest(
            '[2024-03-12T10:22:41.882Z] "POST /v1/completions HTTP/1.1" 503 UO '
            'upstream_reset_before_response_started{overflow} 0 81 0 - "10.2.3.4"'
        )
        assert found["symptom:elevated-error-rate"]["how"] == "signature"
        # dcgm-exporter's metric: its value is the last Xid; "HBM3" is the model's name.
        found = self.suggest(
            'DCGM_FI_DEV_XID_ERRORS{gpu="6",UUID="GPU-8f3a2c1e",device="nvidia6",'
            'modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-node-042"} 79'
        )
        assert found["symptom:gpu-fell-off-the-bus"]["how"] == "signature"
        assert "component:gpu-memory-hbm" not in found
        assert "component:gpu-memory-hbm" in self.suggest("H100 HBM errors on node 4")
        # A few GPUs a fault hit are not the job's size; a large count after one still is.
        found = self.suggest("HBM uncorrectable errors, row remapping pending on 3 GPUs")
        assert not [key for key in found if key.startswith("scale:")]
        assert "scale:1k-10k" in self.suggest("nccl timeout after 1800s on 2048 gpus")
        found = self.suggest("kubelet evicting pods due to disk pressure on /var")
        assert "root_cause:capacity-exhaustion" in found
        found = self.suggest(
            "Not overheating. Fans fine. Job just slow because of PCIe gen downgrade"
        )
        assert "symptom:pcie-error" in found

    def test_a_long_mixed_paste_keeps_each_log_line_from_its_signature_on(self):
        """A paste longer than the search reads kept whole lines, stamps and hosts
        included, so three Xid lines filled the budget and the OOM killer, NCCL's port
        event and slurmctld's DOWN nodes after them were dropped."""
        lines = [
            "[Tue Mar 12 03:14:07 2024] NVRM: Xid (PCI:0000:3b:00): 79, pid=90211, "
            "name=python3, GPU has fallen off the bus.",
            "[Tue Mar 12 03:14:08 2024] NVRM: Xid (PCI:0000:5e:00): 48, pid=90211, "
            "name=python3, An uncorrectable double bit error (DBE) has been detected on GPU "
            "in the framebuffer at partition 6, subpartition 0.",
            "[Tue Mar 12 03:14:09 2024] NVRM: Xid (PCI:0000:86:00): 74, pid=1234, "
            "name=python3, NVLink: fatal error detected on link 2",
            "Mar 12 03:15:01 gpu-node-17 kernel: Out of memory: Killed process 48211 "
            "(python) total-vm:812345678kB, anon-rss:123456789kB",
            "gpu-node-17:48211:48299 [3] NCCL WARN NET/IB : Got async event : port error",
            "[2024-03-12T03:14:07.512] error: Nodes gpu-[101-104] not responding, setting DOWN",
        ]
        noise = [
            f"[Tue Mar 12 03:1{i % 10}:00 2024] usb 1-{i}: new high-speed USB device number "
            f"{i} using xhci_hcd"
            for i in range(20)
        ]
        found = self.suggest("\n".join(noise[:10] + lines + noise[10:]))
        for value in (
            "symptom:gpu-fell-off-the-bus",
            "symptom:ecc-error",
            "symptom:nvlink-error",
            "symptom:out-of-memory",
            "symptom:network-link-flapping",
            "symptom:node-failure",
        ):
            assert found[value]["how"] == "signature", value

    def test_a_third_helpers_fresh_inputs(self):
        """From a third helper's blind inputs: a traceback's frames are not read for their
        meaning; a prefixed word is no slip ("reseating" was "repeating"); NVSwitch is no
        network switch; a model between the count and "cluster"; nvidia-smi's DRAM rows
        are the GPU's; XLA's RESOURCE_EXHAUSTED for memory throttles nothing; no free
        GPU is capacity exhausted; BeeGFS is a shared file system."""
        found = self.suggest(
            "Traceback (most recent call last):\n"
            '  File "/workspace/train.py", line 412, in <module>\n    main()\n'
            '  File "/workspace/train.py", line 388, in main\n    trainer.fit(model)\n'
            "RuntimeError: CUDA error: an illegal memory access was encountered"
        )
        assert "root_cause:user-code-or-configuration-error" not in found
        assert "symptom:cuda-error" in found
        found = self.suggest("ib link flapping on leaf-07 again, reseating the nic fixed it")
        assert "symptom:degraded-output-quality" not in found
        found = self.suggest(
            "request to query NVSwitch device information from NVSwitch driver failed"
        )
        assert "root_cause:switch-failure" not in found
        found = self.suggest("we run a 16,384 GPU H100 cluster")
        assert "scale:10k-100k" in found
        found = self.suggest(
            "ECC Errors\n    Volatile\n        DRAM Correctable : 0\n        DRAM Uncorrectable : 2"
        )
        assert "component:host-cpu-and-memory" not in found
        assert "component:host-cpu-and-memory" in self.suggest("host DRAM errors on node 3")
        found = self.suggest(
            "jax.errors.XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device "
            "buffer: Ran out of memory in memory space hbm"
        )
        assert "symptom:requests-throttled" not in found
        assert "symptom:out-of-memory" in found
        found = self.suggest(
            "Warning  FailedScheduling  default-scheduler  0/16 nodes are available: 16 "
            "Insufficient nvidia.com/gpu."
        )
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        found = self.suggest("Communication error: Connection refused (beegfs-meta01 [ID: 1])")
        assert "component:shared-file-system" in found
        # A BMC's event log (ipmitool sel list): AC lost asserted is a power loss, a GPU
        # temperature past its upper critical a hot GPU; a row that clears says nothing.
        found = self.suggest(
            "3a | 06/11/2024 | 04:17:52 | Power Supply PSU2_Status | Power Supply AC lost | "
            "Asserted"
        )
        assert found["root_cause:power-loss"]["how"] == "signature"
        found = self.suggest(
            "7f | 06/11/2024 | 04:19:03 | Temperature GPU4_Temp | Upper Critical going high | "
            "Asserted | Reading 97 > Threshold 95 degrees C"
        )
        assert found["root_cause:gpu-overheating"]["how"] == "signature"
        found = self.suggest(
            "3b | 06/11/2024 | 04:20:52 | Power Supply PSU2_Status | Power Supply AC lost | "
            "Deasserted"
        )
        assert list(found) == ["component:power-supply"]
        found = self.suggest(
            "amdgpu 0000:05:00.0: amdgpu: 4 uncorrectable hardware errors detected in UMC block"
        )
        assert found["symptom:ecc-error"]["how"] == "signature"
        assert "symptom:loss-spike" in self.suggest("trianing loss nan after 20k steps")
        assert "symptom:loss-spike" not in self.suggest("loss scale nan")
        # Everyday phrasings: a straggler, GPU memory creeping up, a model repeating itself;
        # activation checkpointing stores no checkpoint.
        found = self.suggest("one rank is 30% slower than the others")
        assert "symptom:training-throughput-drop" in found
        found = self.suggest("GPU memory creeps up every epoch until OOM")
        assert "symptom:rising-memory-use" in found
        found = self.suggest("the model started outputting the same token over and over")
        assert "symptom:degraded-output-quality" in found
        found = self.suggest(
            "MFU dropped from 45% to 30% after we enabled activation checkpointing"
        )
        assert "component:checkpoint-storage" not in found
        found = self.suggest(
            "A leaked Hugging Face token in a public repo gave write access to our model org"
        )
        assert "root_cause:memory-leak" not in found
        found = self.suggest("we rolled back to the last checkpoint and skipped the bad data shard")
        assert "root_cause:maintenance-lapse" not in found
        found = self.suggest(
            "KV cache exhaustion on the 405B deployment made vLLM preempt sequences and "
            "throughput collapsed"
        )
        assert "symptom:inference-throughput-drop" in found
        # From the denials set: a service "is running" is well; an issue template is no chat
        # template; "the old config" is no ageing hardware.
        found = self.suggest(
            "Not Fabric Manager this time: nv-fabricmanager is running and nvidia-smi -q shows "
            "Fabric State: Completed. CUDA init still fails with error 802"
        )
        assert "component:nvlink" not in found
        assert "symptom:training-throughput-drop" in self.suggest(
            "the job is running slow since the upgrade"
        )
        found = self.suggest(
            "this is on TPU v5p, not GPUs, so ignore the CUDA bits in the issue template. the "
            "slice keeps losing a host every ~6h"
        )
        assert "component:tokenizer-or-chat-template" not in found
        found = self.suggest(
            "vLLM output turned into gibberish after we switched to the fp8 KV cache; reverting "
            "to fp16 kv fixes it. hw is fine, the same H200s serve the old config"
        )
        assert "root_cause:hardware-ageing" not in found
        # A part's word inside a host name names no part; a path's parts still do.
        found = self.suggest(
            "[ERROR] plugin/errors: 2 svc-datadog-agent-dogstatsd.datadog-agent.example.com. "
            "SRV: read udp 10.0.0.2:56917->10.0.0.1:53: i/o timeout"
        )
        assert "component:monitoring-and-logging" not in found
        found = self.suggest(
            "the plugin marks any GPU unhealthy on an Xid not in this list: "
            "https://github.com/NVIDIA/k8s-device-plugin/blob/master/nvidia.go#L208"
        )
        assert "component:gpu-device-plugin" in found
        found = self.suggest("GPUs thermally throttled, then attackers ran cryptominers")
        assert {"root_cause:gpu-overheating", "symptom:cryptomining"} <= set(found)

    def test_an_upgrade_before_trouble_only_the_meaning_layer_saw(self):
        """The upgrade's cause was read only when a rule had found the trouble first:
        'inference performance drop down 28%' is seen by the meaning layer after it.
        A share slower ("got 28% slower") is the slowness; a version bumped is an upgrade,
        not a setting changed, and a setting bumped is not an upgrade."""
        found = self.suggest(
            "Tip: After upgrading NVIDIA driver to 536, inference performance drop down 28%"
        )
        assert "root_cause:firmware-or-driver-bug" in found
        found = self.suggest(
            "after upgrading the NVIDIA driver to 536 our inference got 28% slower"
        )
        assert "symptom:increased-latency" in found
        assert "root_cause:firmware-or-driver-bug" in found
        found = self.suggest("since we bumped pytorch to 2.4 training got 30% slower")
        assert "symptom:training-throughput-drop" in found
        assert "root_cause:software-regression" in found
        assert "root_cause:configuration-change" not in found
        for text in (
            "since we bumped the batch size limit training got 30% slower",
            "since we bumped the limit to 4096 the job got 30% slower",
        ):
            found = self.suggest(text)
            assert "root_cause:configuration-change" in found, text
            assert "root_cause:software-regression" not in found, text

    def test_a_metric_at_a_bad_level_shows_its_symptom_and_a_good_level_rules_it_out(self):
        """A level, not a move: 'util sits at 30%' and '~15% of chat completions 500'
        suggested neither symptom; 'GPU util is at 100%' suggested low utilisation by
        meaning."""
        found = self.suggest("util sits at 30% because the dataloader cant keep up")
        assert "symptom:low-gpu-utilisation" in found
        found = self.suggest("not a full outage, ~15% of chat completions 500, the rest are fine")
        assert "symptom:elevated-error-rate" in found
        assert "symptom:full-outage" not in found
        assert "symptom:elevated-error-rate" in self.suggest("about 30% of requests time out")
        # Fresh sentences from a helper who never saw the rules: a level with no verb,
        # "host ram grows", machines lost "like 200".
        found = self.suggest("the storage was fine, problem was the dataloader, gpu util 20%")
        assert "symptom:low-gpu-utilisation" in found
        found = self.suggest("memory leak in the tokenizer worker, host ram grows until OOM")
        assert "symptom:rising-memory-use" in found
        assert "symptom:capacity-loss" in self.suggest("we lost like 200 GPUs when the PDU tripped")
        for text in ("cpu util is at 20% and GPU util is at 100%", "cpu util is only 10%"):
            assert "symptom:low-gpu-utilisation" not in self.suggest(text), text

    def test_contrasts_and_denials_suggest_only_what_happened(self):
        cases = [
            ("rather than an NCCL timeout, we got a CUDA illegal memory access",
             "symptom:cuda-error", "symptom:nccl-timeout"),
            ("instead of OOM we now see the pod stuck in CrashLoopBackOff",
             "symptom:crash-loop", "symptom:out-of-memory"),
            ("we first suspected the InfiniBand fabric, but the real problem was a bad DIMM",
             "component:host-cpu-and-memory", "component:infiniband-fabric"),
            ("the DNS was a red herring, the actual cause was a misconfigured load balancer",
             "component:load-balancer", "component:dns"),
            ("doesn't look like an OOM, the pod exits with code 137 though",
             "symptom:job-crash", "symptom:out-of-memory"),
            ("without any ECC errors the job hung for two hours",
             "symptom:job-hang-without-error", "symptom:ecc-error"),
            ("unlike last week's ECC errors, this time the GPUs were healthy and the "
             "scheduler was stuck", "component:job-scheduler", "symptom:ecc-error"),
            ("ECC counters are clean, NVLink is fine, yet the loss spikes every few hundred "
             "steps", "symptom:loss-spike", "symptom:ecc-error"),
            ("we thought it was a driver bug, it was a faulty optical transceiver",
             "component:optical-transceiver", "root_cause:firmware-or-driver-bug"),
        ]  # fmt: skip
        for text, wanted, unwanted in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert wanted in found, list(found)
                assert unwanted not in found, list(found)

    def test_a_value_the_text_denies_is_not_found_again_by_meaning(self):
        found = self.suggest("the GPUs are not overheating; temps sit at 60C")
        assert "root_cause:gpu-overheating" not in found
        assert self.suggest("not a driver issue: reverting the driver did nothing") == {}

    def test_a_name_used_apart_is_read(self):
        """Every word of a value's name in one clause, apart ("job … crashing"): the
        meaning layer refused it as 'only the words of its own name'. A name whose
        qualifier is missing ("spare nodes" without "too few") still is refused."""
        assert "symptom:job-crash" in self.suggest("the training job keeps crashing")
        found = self.suggest("we had 8 spare nodes so swapping was never the bottleneck")
        assert "contributing_factor:too-few-spare-nodes" not in found

    def test_a_product_named_with_its_own_kind_of_thing_is_that_thing(self):
        """'vllm server' is the inference server, not its setting ('Slurm jobs' is)."""
        found = self.suggest("vllm server crashed with segfault")
        assert found["component:inference-server"]["confidence"] >= 0.5
        assert "component:job-scheduler" not in self.suggest("Slurm jobs hit an NCCL timeout")

    def test_nothing_changed_rules_out_a_change_as_the_cause(self):
        """'nothing else changed' was read by meaning as a software regression."""
        texts = [
            "nothing else changed but the job hangs with no error",
            "latency regressed but nothing changed on our side (no deploys since fri, "
            "config frozen)",
            "we didn't touch the config and the error rate jumped",
        ]
        for text in texts:
            with self.subTest(text):
                found = self.suggest(text)
                assert "root_cause:software-regression" not in found, list(found)
                assert "root_cause:configuration-change" not in found, list(found)
        # Said outright, a change still counts.
        assert "root_cause:software-regression" in self.suggest("a bad deploy took the API down")

    def test_xid_numbers_by_their_documented_meaning(self):
        """NVLink's Xids (74, 137, 144-150, also as 'caused by previous Xid 149') and the
        memory Xids (48, 63, 64, 94, 95), in the driver's format or in prose."""
        cases = [
            (XID_45, "symptom:nvlink-error"),
            (XID_45, "component:nvlink"),
            ("XID 137 (NVLink TLC RX PRIV Error) was reported across 6 of 8 GPUs",
             "symptom:nvlink-error"),
            ("NVRM: Xid (PCI:0000:01:00 GPU-I:05): 94, pid=7194, Contained: CE User "
             "Channel (0x9). RST: No, D-RST: No", "component:gpu-memory-hbm"),
            ("GPU 6 on node-22 keeps throwing Xid 48 (DBE) every couple days",
             "component:gpu-memory-hbm"),
            # Xid 79 is "GPU has fallen off the bus" (nverror.h), named or printed.
            ("Xid 79 on gpu3 again, the node rebooted", "symptom:gpu-fell-off-the-bus"),
            ("Xid 79 on gpu3 again, the node rebooted", "symptom:xid-error"),
            ("XID 94 count kept rising on node 7", "symptom:xid-error"),
        ]  # fmt: skip
        for text, wanted in cases:
            with self.subTest(text):
                assert wanted in self.suggest(text)
        assert "symptom:nvlink-error" not in self.suggest("Xid 79 on gpu3, fell off the bus")

    def test_jobs_the_scheduler_leaves_waiting_are_stuck_pending(self):
        """The scheduler's own words for a job it will not place: kube-scheduler's
        FailedScheduling message (NoNodeAvailableMsg), squeue's and scontrol's pending
        reasons (squeue(1), JOB REASON CODES), and people's."""
        cases = [
            "Warning  FailedScheduling  3m  default-scheduler  0/16 nodes are available: "
            "16 Insufficient nvidia.com/gpu.",
            "12346     gpu train dave PD   0:00     8 (Resources)",
            "JobId=4242 JobName=train JobState=PENDING Reason=QOSResourceLimit Dependency=(null)",
            "our training pods stayed pending for six hours even though GPUs were idle",
        ]
        for text in cases:
            with self.subTest(text):
                assert "symptom:jobs-stuck-pending" in self.suggest(text)
        assert "symptom:jobs-stuck-pending" not in self.suggest(
            "12345     gpu train dave  R   0:21     4 dev[9-12]"
        )

    def test_a_value_named_for_the_accelerator_needs_a_text_about_one(self):
        """Meaning does not read Low GPU utilisation into a text that never mentions an
        accelerator; one that does still gets it."""
        assert "symptom:low-gpu-utilisation" not in self.suggest(
            "once a session sits idle for a while our coding assistant loses track of what "
            "it was doing"
        )
        assert "symptom:low-gpu-utilisation" in self.suggest(
            "the cards sit idle most of the step waiting on the input pipeline"
        )

    def test_health_named_as_a_reading_is_no_health_check(self):
        """nvidia-smi's "Health: Warning" is a reading, not a probe; a probe or the
        endpoint's path is one."""
        said = self.suggest("nvidia-smi -q: GPU 2 Health: Warning, then the rank died with Xid 48")
        assert "component:health-check" not in said
        assert "component:health-check" in self.suggest(
            "GET /health returned 200 the whole time the replica was wedged"
        )

    def test_a_device_named_with_its_number_is_that_device(self):
        """Hosts number their devices ("gpu3", "PSU2"): the name is read before the
        number; a word inside another ("o2ib") or of two letters ("sm80") is not."""
        assert "component:gpu" in self.suggest("gpu3 died again during the all-reduce")
        said = self.suggest("the node keeps rebooting because PSU2 is dead")
        assert "component:power-supply" in said
        assert "component:infiniband-fabric" not in self.suggest("lnet peers on o2ib timed out")

    def test_a_denied_name_in_prose_denies_only_its_clause(self):
        """A log line denied is denied to its end; a name denied in prose only to the end
        of its clause: what the rest of the sentence says still suggests its value."""
        said = self.suggest("no Xid 79 this time, the job just hung in the all-reduce")
        assert "symptom:job-hang-without-error" in said
        assert "symptom:gpu-fell-off-the-bus" not in said
        said = self.suggest("it wasn't an Xid 79, the GPU was fine; the job was OOM killed")
        assert "symptom:out-of-memory" in said
        assert "symptom:gpu-fell-off-the-bus" not in said
        said = self.suggest(
            "no NVRM: Xid (PCI:0000:3b:00): 79, pid=123, GPU has fallen off the bus"
        )
        assert "symptom:gpu-fell-off-the-bus" not in said

    def test_everything_down_is_a_full_outage(self):
        """'everything was down for four hours' used only two words the vocabulary knew
        ('everything' in none), so the meaning layer never read it."""
        assert "symptom:full-outage" in self.suggest("everything was down for four hours")

    def test_a_timeout_set_wrong_for_its_work(self):
        """Work that ran past a timeout, a default left in place, a length judged: each
        shows Mistuned timeouts; a timeout said to be long enough does not."""
        texts = [
            "Log analysis showed an observed 327s compilation window which exceeded the "
            "default JAX RPC timeout, causing nodes to be dropped",
            "the 25s JVM cold-start exceeds the edge's 10s upstream request-timeout",
            "The console `nginx.conf` uses nginx's default `proxy_read_timeout` of 60 "
            "seconds with no special handling for the streaming endpoints",
        ]
        for text in texts:
            with self.subTest(text):
                assert "contributing_factor:mistuned-timeouts" in self.suggest(text)
        found = self.suggest("the timeout wasn't too short, 30 min is plenty. the node lost power")
        assert "contributing_factor:mistuned-timeouts" not in found

    def test_a_failing_node_put_back_to_work(self):
        """'the scheduler allocated the same node and … we crashed again' shows Repeat
        offender nodes; the same *error* on another node does not."""
        text = (
            "We figured one of the gpus had a hardware problem. So it crashed the first "
            "time. And then the scheduler allocated the same node and of course, we "
            "crashed again."
        )
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(text)
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(
            "jobs keep landing on the same faulty host"
        )
        found = self.suggest("we put the job on another node and got the same GPU error")
        assert "contributing_factor:repeat-offender-nodes" not in found

    def test_serving_words_name_inference(self):
        """Migration 0019: speculative decoding, SGLang's mem-fraction-static, KServe's
        InferenceService are inference's words."""
        text = (
            "I am trying speculative decoding and when setting --mem-fraction-static to "
            "0.85, I get a CUDA out of memory error."
        )
        assert "workload:inference" in self.suggest(text)
        assert "workload:inference" in self.suggest(
            "Deploy inferenceservice with GPU request and scale to zero enabled"
        )

    def test_what_names_leave_of_a_clause_is_not_read_alone(self):
        """A clause needs two words the vocabulary knows before the meaning layer reads
        it: 'the pods are being scaled up from zero' was Cluster networking."""
        found = self.suggest(
            "This results in a client timeout error while the pods are being scaled up from zero."
        )
        assert "component:cluster-networking" not in found, list(found)

    def test_more_tools_lines_by_their_source(self):
        """Lines printed by the kubelet, c10d, slurmstepd, the Docker daemon and the mlx5
        driver, each signature citing the code that prints it. Before them, slurmstepd's
        time-limit line read as Requests throttled and Docker's as Unsafe deserialisation."""
        cases = [
            ("Warning  BackOff  3m (x40 over 13m)  kubelet  Back-off restarting failed "
             "container", "symptom:crash-loop"),
            ("[W socket.cpp:663] [c10d] The client socket has failed to connect to "
             "[master-0]:29500 (errno: 110 - Connection timed out).",
             "component:distributed-job-launcher"),
            ("slurmstepd: error: *** JOB 123456 ON gpu-node-17 CANCELLED AT "
             "2024-05-01T02:13:11 DUE TO TIME LIMIT ***", "component:job-scheduler"),
            ("slurmstepd: error: *** STEP 42.0 ON gpu-node-3 CANCELLED AT "
             "2024-05-01T02:13:11 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
             "symptom:node-failure"),
            ('docker: Error response from daemon: could not select device driver "" with '
             "capabilities: [[gpu]].", "symptom:gpu-not-visible"),
            ("mlx5_core 0000:3b:00.0: port_module:1154:(pid 0): Port module event[error]: "
             "module 0, Cable error, High Temperature", "component:optical-transceiver"),
        ]  # fmt: skip
        for text, wanted in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert wanted in found, list(found)
                assert "symptom:requests-throttled" not in found
                assert "root_cause:unsafe-deserialisation" not in found

    def test_a_checkpoint_that_failed_and_a_whole_service_out(self):
        """Read by rule: a failure about a checkpoint's save or load shows Checkpoint
        failure ('timeout while checkpointing', 'unable to resume … optimizer state
        dict', 'went silent right after Saving checkpoint'); 'experienced an outage'
        shows Full outage, 'a partial outage' does not."""
        for text in [
            "Got an NCCL timeout while checkpoining when trying this (8xH200)",
            "Unable to resume job using FSDP with 64 nodes, errors appeared during loading "
            "sharded optimizer state dict",
            "training went silent right after `Saving checkpoint for step 500...` for 35+ hours",
        ]:
            with self.subTest(text):
                assert "symptom:checkpoint-failure" in self.suggest(text)
        assert "symptom:checkpoint-failure" not in self.suggest(
            "checkpoint saves are fine, the job crashes at step 3"
        )
        found = self.suggest("the Hugging Face Hub experienced an extended outage")
        assert "symptom:full-outage" in found
        assert "symptom:full-outage" not in self.suggest("we had a partial outage in us-east")

    def test_a_part_changed_in_vain_the_past_and_another_node_suggest_nothing(self):
        """Dismissals read by every layer: a part swapped while the trouble stayed, what
        happened last month set against today, a line 'from a different node', a
        reading that is 'always high'."""
        cases = [
            ("swapped the optics, still there. replaced the NIC and it's clean now",
             "component:nic", "component:optical-transceiver"),
            ("we had ECC errors last month, but today it's an NCCL timeout",
             "symptom:nccl-timeout", "symptom:ecc-error"),
            ("the Xid 79 in the ticket is from a different node. this one hangs in allreduce",
             "symptom:job-hang-without-error", "symptom:gpu-fell-off-the-bus"),
        ]  # fmt: skip
        for text, wanted, unwanted in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert wanted in found, list(found)
                assert unwanted not in found, list(found)
        assert self.suggest("kafka lag was high but it's always high at that hour") == {}

    def test_utilisation_that_stays_full_while_the_job_hangs_is_misleading(self):
        """'the GPU utilization remains at 100%' during a hang was not read as a signal
        that said all was well ('remained' was; 'remains' was not)."""
        text = (
            "The training starts but hangs in the middle (around 197 steps) without any "
            "exception. When it stops, the power consumption drops to approximately "
            "100W/700W, and the GPU utilization remains at 100%."
        )
        assert "contributing_factor:misleading-signals" in self.suggest(text)

    def test_trouble_after_an_upgrade_points_to_what_was_upgraded(self):
        """Issue 19's own example: 'inference latency spiked after we upgraded vLLM'
        recognised no upgrade. Trouble after an upgrade points to a software regression,
        or to a driver or firmware bug when a driver or firmware was upgraded; an
        upgrade with no trouble named points to nothing."""
        cases = [
            ("inference latency spiked after we upgraded vLLM", "root_cause:software-regression"),
            ("since the NCCL 2.19 update the job hangs", "root_cause:software-regression"),
            ("after we upgraded the NVIDIA driver the GPUs fell off the bus",
             "root_cause:firmware-or-driver-bug"),
        ]  # fmt: skip
        for text, wanted in cases:
            with self.subTest(text):
                assert wanted in self.suggest(text)
        quiet = self.suggest("we upgraded vLLM last week and everything is fine")
        assert "root_cause:software-regression" not in quiet

    def test_numbers_a_training_log_prints_show_a_loss_spike_or_a_slower_job(self):
        """Read by rule from the numbers: Megatron's 'lm loss' jumping from 2.77 to 7.34
        between two logged iterations, a NaN loss, or 'the loss jumped from 2.1 to 9.8'
        shows Loss spike; examples/sec falling from 447 to 336 between logged steps, or
        TFLOPs from 160 to 65, or seconds per iteration from 51 to 73, shows Training
        throughput drop. A steady loss, faster steps, or a serving rate falling shows
        neither."""
        spike = TRAINING_STEP_LOG + (
            "\n iteration    29050/  311541 | consumed samples:     10728784 | elapsed time "
            "per iteration (ms): 22148.5 | learning rate: 9.849E-05 | global batch size:  "
            "1024 | lm loss: 7.343709E+00 | loss scale: 8192.0 | grad norm: 0.000 |"
        )
        for text in [
            spike,
            "step 4100 | loss=nan | lr 3e-4",
            "around step 30k the loss jumped from 2.1 to 9.8 and never came back",
        ]:
            with self.subTest(text):
                assert "symptom:loss-spike" in self.suggest(text)
        for text in [
            "2016-06-23 12:15:07.829877: step 2490, loss = 8.54 (447.0 examples/sec; 1.145 "
            "sec/batch)\n2016-06-23 12:15:19.500701: step 2500, loss = 8.59 (336.6 "
            "examples/sec; 1.521 sec/batch)",
            "about 160 TFLOPs per GPU with DDP on one node, but multinode it drops to "
            "around 65 TFLOPs",
        ]:
            with self.subTest(text):
                assert "symptom:training-throughput-drop" in self.suggest(text)
        steady = "step 10 loss: 2.31\nstep 20 loss: 2.29\nstep 30 loss: 2.27"
        assert "symptom:loss-spike" not in self.suggest(steady)
        slower_steps = "382/1500 [5:29:27, 50.89s/it]\n383/1500 [5:30:40, 73.2s/it]"
        assert "symptom:training-throughput-drop" in self.suggest(slower_steps)
        faster_steps = "382/1500 [5:29:27, 50.89s/it]\n383/1500 [5:30:20, 48.1s/it]"
        assert "symptom:training-throughput-drop" not in self.suggest(faster_steps)
        for text in [
            "tokens/s down 40% on one job since Tuesday",
            "a 25% drop in throughput after we moved racks",
            "step time up 30% after the driver change",
        ]:
            with self.subTest(text):
                assert "symptom:training-throughput-drop" in self.suggest(text)
        found = self.suggest("everything was down for four hours")
        assert "symptom:full-outage" in found
        assert "symptom:full-outage" not in self.suggest("everything was fine, one job slowed")
        serving = "vLLM went from 3000 tokens/s to 1000 tokens/s after the upgrade"
        assert "symptom:training-throughput-drop" not in self.suggest(serving)

    def test_lines_of_file_systems_control_planes_tpus_and_hosts_by_their_source(self):
        """Each line is printed by the code its signature cites (the Linux NFS client,
        Lustre's LNet, etcd's client, containerd, PyTorch, vLLM, NVIDIA's device plugin,
        rdma-core, the kernel's machine-check handler, MaxText's TPU guide)."""
        cases = [
            ("[Wed Apr 10 17:58:24 2024] nfs: server 192.168.0.1 not responding, still "
             "trying", "root_cause:storage-system-failure"),
            ("[Mon Oct 16 09:54:43 2017] LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns())"
             " Timed out tx for 172.31.126.87@o2ib: 403055 seconds",
             "symptom:network-connectivity-loss"),
            ('{"level":"warn","logger":"etcd-client","caller":"v3/retry_interceptor.go:62",'
             '"msg":"retrying of unary invoker failed","attempt":0,"error":"rpc error: code = '
             'DeadlineExceeded desc = context deadline exceeded"}',
             "symptom:control-plane-unresponsive"),
            ("KubeletNotReady runtime network not ready: NetworkReady=false "
             "reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin "
             "not initialized", "component:cluster-networking"),
            ("E0511 18:18:50.796852     915 tpunetd_client.cc:311] Detected failure "
             "SLICE_FAILURE_CHIP_DRIVER_ERROR in session e6c885828b538167", "component:tpu"),
            ("RuntimeError: Detected mismatch between collectives on ranks. Rank 1 is running "
             "collective: CollectiveFingerPrint(SequenceNumber=1OpType=BARRIER)",
             "symptom:job-crash"),
            ("ValueError: To serve at least one request with the models's max seq len "
             "(131072), (4.54 GiB KV cache is needed, which is larger than the available KV "
             "cache memory (1.71 GiB).", "component:kv-cache"),
            ("error starting plugins: error creating plugin manager: unable to create plugin "
             "manager: nvml init failed: ERROR_LIBRARY_NOT_FOUND", "component:gpu-device-plugin"),
            ("Failed to modify QP 59 to RTR", "component:nic"),
            ("Kernel panic - not syncing: Fatal machine check", "component:host-cpu-and-memory"),
        ]  # fmt: skip
        for text, expected in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert expected in found, sorted(found)
                assert found[expected]["how"] == "signature"

    def test_a_cause_nobody_found_names_no_cause(self):
        """'we never found why the NCCL timeouts happened' was read as a memory leak by
        meaning (its words 'never found why the'); a clause saying the cause is unknown
        suggests no root cause, and what follows it is still read for the symptom."""
        found = self.suggest("we never found why the NCCL timeouts happened")
        assert "symptom:nccl-timeout" in found
        assert not [key for key in found if key.startswith("root_cause:")], sorted(found)
        found = self.suggest("couldn't figure out what caused the node to reboot")
        assert "symptom:node-failure" in found
        assert not [key for key in found if key.startswith("root_cause:")], sorted(found)

    def test_an_organisation_is_named_by_its_name_not_a_word_sharing_its_stem(self):
        """Issue 27's growth: Scale AI's alias "Scale" and the folding of verb endings
        made "scaling", "scaled" and "scale the nodes" the organisation Scale AI in five
        of the corpus's tuning lines. A proper name is matched as written (plurals
        folded), and Scale AI by its whole name."""
        for text in [
            "The incident was traced to a GPU scaling issue from one of our upstream providers",
            "This results in a client timeout error while the pods are being scaled up from zero",
            "we attempted to scale the nodes of the hub",
            "Scale up more replicas when traffic increases",
        ]:
            with self.subTest(text):
                assert "organisation:scale-ai" not in self.suggest(text)
        assert "organisation:scale-ai" in self.suggest("Scale AI's model engine went down")
        assert "organisation:hugging-face" in self.suggest("Hugging Face's hub returned 500s")

    def test_a_part_stated_fine_or_counted_at_zero_suggests_nothing(self):
        """From the denials set: 'autoscaler did NOT misbehave' suggested the autoscaler;
        'num_preemptions is 0' suggested the batching scheduler (through an alias,
        'preemption', that also made a Slurm job's preemption the inference server's
        scheduler); a count said in words ('is 0') denies as a table's ': 0' does."""
        text = (
            "p99 up, p50 flat. autoscaler did NOT misbehave (replicas steady at 24); it's a "
            "handful of very long prompts"
        )
        assert "component:autoscaler" not in self.suggest(text)
        assert "component:load-balancer" not in self.suggest(
            "the load balancer worked as expected, the backend crashed"
        )
        assert "symptom:ecc-error" not in self.suggest("ECC error count is 0 on every node")
        assert "symptom:ecc-error" in self.suggest("ECC error count is 12 on node 4")
        assert "component:batching-scheduler" not in self.suggest(
            "slurmstepd: error: *** JOB 32391783 ON cn119 CANCELLED AT 2021-06-18T13:05:36 "
            "DUE TO PREEMPTION ***"
        )

    def test_meaning_needs_a_word_of_the_value_and_a_rate_for_a_throughput_drop(self):
        """The meaning layer found, on the development sets, Inference throughput drop in
        'the utility feed dropped' and the inference server in 'an engineer ran the'
        ('engineer' and 'engine' share a Snowball stem), and Xid error in 'PCIe link
        degraded to x8': a clause must share a word (plurals and verb endings folded) with
        the value's own texts, and a drop in throughput needs a word for a rate."""
        found = self.suggest("the utility feed dropped and the backup generators did not start")
        assert "root_cause:power-loss" in found
        assert "symptom:inference-throughput-drop" not in found
        found = self.suggest("an engineer ran the wrong command against the production cluster")
        assert "root_cause:operator-error" in found
        assert "component:inference-server" not in found
        assert "symptom:xid-error" not in self.suggest("PCIe link degraded to x8 on two hosts")
        # Still read by meaning where a word is shared and a rate is named.
        found = self.suggest(
            "Tip: After upgrading NVIDIA driver to 536, inference performance drop down 28%"
        )
        assert "symptom:inference-throughput-drop" in found

    def test_readings_that_rule_a_part_out_suggest_nothing_of_it(self):
        """From the denials set (issue 19): a conclusion drawn from normal readings ("so
        it's not", "so collectives aren't the bottleneck"), a metric that shows zero, a
        concession dismissed ("yes …, but contention isn't it") and what happened last
        week set against today suggested what they rule out."""
        cases = [
            ("GPU util is fine (~85%), KV cache usage under 60% so its not memory pressure, "
             "looks like the LB is sending almost everything to two replicas",
             "component:kv-cache", "component:load-balancer"),
            ("nccl-tests all-reduce busbw is 370 GB/s, normal for H800, so collectives aren't "
             "the bottleneck. util sits at 30% because the dataloader cant keep up",
             "component:nccl", "component:training-data-loader"),
            ("rate limiter metrics show zero rejections. the real issue is the vLLM engine "
             "dying with CUDA OOM at 32k context", "component:rate-limiter",
             "symptom:out-of-memory"),
            ("yes the cluster is shared with 12 other teams, but contention isn't it, we have "
             "a dedicated partition. tok/s dropped 25% on our own nodes overnight",
             "contributing_factor:multi-tenant-cluster", "symptom:training-throughput-drop"),
            ("the NVLink errors were node-9 last week and it's already RMA'd. today's crash on "
             "node-31 is a plain CUDA OOM from the bigger micro-batch", "symptom:nvlink-error",
             "symptom:out-of-memory"),
        ]  # fmt: skip
        for text, ruled_out, kept in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert ruled_out not in found, sorted(found)
                assert kept in found, sorted(found)
        # A conclusion after a failure rules out only what it names.
        found = self.suggest("the job crashed with NCCL timeouts, so it's not a hang")
        assert {"symptom:job-crash", "symptom:nccl-timeout"} <= set(found)

    def test_a_symptom_is_not_its_cause_and_a_word_after_a_modal_is_a_verb(self):
        """'symbol errors' was an alias of the cause Network link or cable fault as well as
        of the symptom InfiniBand link errors: the errors say nothing of their cause (the
        denials set's swapped cable, still there). After 'will', 'cache' is a verb."""
        found = self.suggest("same symbol errors on its port after we moved the node")
        assert "symptom:infiniband-link-errors" in found
        assert "root_cause:network-link-or-cable-fault" not in found
        found = self.suggest("the autoscaler will cache a node without nvidia.com/gpu")
        assert "component:cache" not in found
        assert "component:cache" in self.suggest("the Redis cache fell over")

    def test_product_names_written_against_chinese_or_japanese_words(self):
        """A corpus line from a Chinese forum, "…上vllm部署Qwen-72B-Chat成功…", named no
        inference server: with no space between, "vllm部署qwen" was one word."""
        found = self.suggest(
            "之前在4张A100-40G上vllm部署Qwen-72B-Chat成功。现在重装了环境，却无法复制出之前的vllm部署。"
        )
        assert "component:inference-server" in found
        assert "accelerator:a100" in found
        found = self.suggest("vLLMでQwenを動かすとOOMになる")
        assert {"component:inference-server", "symptom:out-of-memory"} <= set(found)

    def test_machines_lost_are_a_node_failure(self):
        """From the denials set: "lost 4 compute trays", "keeps losing a host", "three
        nodes just kernel panicked" named no node failure."""
        for text in [
            "the GB200 rack lost 4 compute trays at once",
            "the slice keeps losing a host every ~6h",
            "three nodes just kernel panicked within 10 min of each other",
            "we lost two GPU nodes overnight",
        ]:
            with self.subTest(text):
                assert "symptom:node-failure" in self.suggest(text)
        assert "symptom:node-failure" not in self.suggest("we are losing money on idle GPUs")

    def test_a_field_after_a_signature_is_another_field_not_its_state(self):
        """NCCL's 'Got completion from peer … with status=12 opcode=0' (a transport retry
        error) was read as denied: 'opcode=0' was taken for the state of the words before
        it, as in 'HW Slowdown : Not Active'. And an RDMA port whose physical state is
        POLLING has lost its link."""
        found = self.suggest(
            "kp-ddp-worker-0:3468:3905 [4] ib_plugin.c:1615 NCCL WARN NET/IB : Got completion "
            "from peer 10.0.0.2<54862> with status=12 opcode=0 len=0 vendor err 129 (Recv)"
        )
        assert found["symptom:network-connectivity-loss"]["how"] == "signature"
        found = self.suggest(
            "link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state DOWN "
            "physical_state POLLING"
        )
        assert found["symptom:network-connectivity-loss"]["how"] == "signature"
        assert "symptom:ecc-error" not in self.suggest("ECC errors: 0")

    def test_a_job_that_died_is_a_job_crash(self):
        """From the denials set: "the training job itself died with SIGBUS", "the job
        dies on the first step after resume" named no job crash."""
        for text in [
            "the training job itself died with SIGBUS reading the mmap'd dataset off NFS",
            "the job dies on the first step after resume with `NCCL error: unhandled system error`",
            "results in 5/5 training runs crashing at end of training loop",
        ]:
            with self.subTest(text):
                assert "symptom:job-crash" in self.suggest(text)
        for text in ["the job did not crash, it just hung", "the job never died but it hung"]:
            with self.subTest(text):
                assert "symptom:job-crash" not in self.suggest(text)
        found = self.suggest("our vLLM worker process was killed by the OOM killer")
        assert "symptom:job-crash" not in found

    def test_only_the_part_after_while_is_set_aside_as_well(self):
        """'jobs spanning the entire machine keep falling over during acceptance runs while
        anything smaller is fine' was set aside whole for its 'is fine': the part before
        the 'while' is what happened."""
        found = self.suggest("the training job keeps crashing while the smaller jobs are fine")
        assert "symptom:job-crash" in found

    def test_typing_slips_are_read_as_the_words_meant(self):
        """Found by a new user: "out of memroy", "infinband errors", "nvlink erorr",
        "trainng crashed" named nothing. One slip from a word of a name or alias is read
        as that word; a real word ("drained", "inode") or a name ("DTensor") is not."""
        cases = [
            ("out of memroy on rank 0", "symptom:out-of-memory"),
            ("infinband errors on two nodes", "component:infiniband-fabric"),
            ("nvlink erorr during the run", "symptom:nvlink-error"),
            ("trainng crashed after the upgrade", "symptom:job-crash"),
        ]
        for text, expected in cases:
            with self.subTest(text):
                assert expected in self.suggest(text)
        assert "workload:training" not in self.suggest("the node was drained for maintenance")
        assert "symptom:node-failure" not in self.suggest("inode exhaustion on the NFS share")

    def test_boilerplate_of_tools_and_everyday_failing_jobs(self):
        """Found by a new user: any Python traceback suggested a dependency failure (its
        header, "most recent call last", read like one); systemd's syslog tag made every
        line it wrote about the host's OS; "jobs started failing on monday" read as jobs
        stuck pending; vLLM's prompt-length refusal ("number of text tokens") as the
        tokenizer; an alert's claim and a temperature that never passed 70C as a hot GPU."""
        traceback = (
            "Traceback (most recent call last):\n"
            '  File "train.py", line 80, in main\n'
            "    loss = model(batch)\n"
            "RuntimeError: CUDA error: an illegal memory access was encountered"
        )
        found = self.suggest(traceback)
        assert "symptom:cuda-error" in found
        assert "root_cause:dependency-failure" not in found
        systemd = (
            "Sep 18 03:19:01 node-1 systemd[1]: nvidia-persistenced.service: Main process "
            "exited, code=exited, status=1/FAILURE\n"
            "Sep 18 03:19:02 node-1 systemd-journald[512]: Journal started"
        )
        assert "component:host-operating-system" not in self.suggest(systemd)
        assert "component:host-operating-system" in self.suggest("systemd-oomd killed the job")
        for text in ["jobs started failing on monday", "my jobs are failing"]:
            with self.subTest(text):
                found = self.suggest(text)
                assert "symptom:job-crash" in found
                assert "symptom:jobs-stuck-pending" not in found
        assert "symptom:job-crash" not in self.suggest("the job failed to start: no GPUs free")
        found = self.suggest(
            "ValueError: The decoder prompt (length 9000) is longer than the maximum model "
            "length of 8192. Make sure that `max_model_len` is no smaller than the number "
            "of text tokens."
        )
        assert "component:tokenizer-or-chat-template" not in found
        found = self.suggest(
            "despite the alert saying GPU thermal, temperatures never exceeded 70C"
        )
        assert "root_cause:gpu-overheating" not in found
        assert "contributing_factor:misleading-signals" in found

    def test_trouble_that_comes_and_goes_and_answers_that_got_slow(self):
        """Everyday words no alias holds: "crashes randomly", "drops every now and then",
        "sporadic issues" are intermittent failures; "requests became very slow", "the
        API got super slow", "temporary slowdowns" are increased latency ("requests are
        really slow" read as throttled requests); "a high number of jobs … fail" is a job
        crash, not a data exposure (nothing of data is named)."""
        cases = [
            ("TPU V3-1024 training crashes randomly", "symptom:intermittent-failures"),
            ("the IB link drops every now and then", "symptom:intermittent-failures"),
            ("we're seeing sporadic issues where pods can't resolve one dns name",
             "symptom:intermittent-failures"),
            ("ConnectX-4 Lx网卡在开机或重启时，有概率会初始化失败",
             "symptom:intermittent-failures"),
            ("some requests becomes very slow(seconds), and others are normal",
             "symptom:increased-latency"),
            ("the API got super slow after lunch", "symptom:increased-latency"),
            ("This led to temporary slowdowns under higher-than-usual load.",
             "symptom:increased-latency"),
        ]  # fmt: skip
        for text, expected in cases:
            with self.subTest(text):
                assert expected in self.suggest(text), list(self.suggest(text))
        found = self.suggest("requests are really slow today")
        assert "symptom:increased-latency" in found
        assert "symptom:requests-throttled" not in found
        found = self.suggest("I am seeing a high number of jobs on node node-1 fail.")
        assert "symptom:job-crash" in found
        assert "symptom:data-exposure" not in found
        for text in ["the job never fails randomly", "requests were not slow at all"]:
            with self.subTest(text):
                found = self.suggest(text)
                assert "symptom:intermittent-failures" not in found
                assert "symptom:increased-latency" not in found

    def test_a_setting_someone_changed_is_a_configuration_change(self):
        """No alias held how people say a setting changed: "after we switched to the fp8
        KV cache", "the health check path changed in the last deploy", "the upgrade
        wiped the IP pool config". Trying a setting out is no change ("when I set n=1")."""
        for text in [
            "vLLM output turned into gibberish after we switched to the fp8 KV cache",
            "the 503s come from envoy because the upstream health check path changed in "
            "the last deploy",
            "the timeouts were pod-to-pod after the Calico upgrade wiped the IP pool config",
            "NCCL P2P bandwidth tanked: the rolling BIOS update flipped the PCIe ACS setting",
        ]:
            with self.subTest(text):
                assert "root_cause:configuration-change" in self.suggest(text)
        for text in [
            "When I set `n=1` in SamplingParams, the cpu memory stops growing",
            "the config was not changed, the job still hangs",
        ]:
            with self.subTest(text):
                assert "root_cause:configuration-change" not in self.suggest(text)

    def test_machines_taken_away_in_numbers_and_everyday_names_of_parts(self):
        """ "~30% of the spot A10G fleet got reclaimed" and "slurm drained 40 nodes" are
        capacity lost; "host RAM", "host RSS" name the host's memory; a leaf or the spine
        is a network switch ("PFC pause storms from leaf-3", "cross the spine")."""
        cases = [
            ("batch inference finished late because ~30% of the spot A10G fleet got "
             "reclaimed", "symptom:capacity-loss"),
            ("slurm drained 40 nodes at 3am with Reason=Kill task failed",
             "symptom:capacity-loss"),
            ("our inference pods on L4 got OOMKilled - host RAM, not GPU",
             "component:host-cpu-and-memory"),
            ("host RSS climbs ~2GB/hr on every dataloader worker",
             "component:host-cpu-and-memory"),
            ("PFC pause storms from leaf-3 are backing up the whole pod",
             "component:network-switch"),
            ("timeouts only on jobs that span both pods of the cluster, i.e. cross the spine",
             "component:network-switch"),
        ]  # fmt: skip
        for text, expected in cases:
            with self.subTest(text):
                assert expected in self.suggest(text), list(self.suggest(text))
        assert "symptom:capacity-loss" not in self.suggest("we drained 2 nodes for maintenance")

    def test_memory_that_climbs_bandwidth_that_falls_and_a_node_without_power(self):
        """Metrics no rule read: "host RSS climbs" (rising memory use, not "ECC memory
        errors went up"), "NCCL P2P bandwidth tanked" (a training throughput drop), and
        "the node lost power" (a node failure besides the power loss)."""
        assert "symptom:rising-memory-use" in self.suggest(
            "host RSS climbs ~2GB/hr on every dataloader worker"
        )
        assert "symptom:rising-memory-use" not in self.suggest("ECC memory errors went up")
        assert "symptom:training-throughput-drop" in self.suggest(
            "the rolling BIOS update flipped the PCIe ACS setting and NCCL P2P bandwidth tanked"
        )
        found = self.suggest("the rank really was gone: the node lost power")
        assert "symptom:node-failure" in found and "root_cause:power-loss" in found

    def test_gates_and_names_for_sentences_written_fresh(self):
        """Sentences written for this session, as an SRE would: "prefill is slow" read as
        a timeout set wrong and "pods … evicted … disk pressure" as jobs stuck pending (the
        meaning layer, with no word of a timeout or a queue); "shows no devices found" and
        "repeated tokens" matched no alias."""
        found = self.suggest("prefill is slow for long prompts")
        assert "symptom:increased-latency" in found
        assert "contributing_factor:mistuned-timeouts" not in found
        found = self.suggest("pods keep getting evicted because the node is under disk pressure")
        assert "symptom:jobs-stuck-pending" not in found
        assert "symptom:jobs-stuck-pending" in self.suggest("pods stuck in pending for an hour")
        found = self.suggest("nvidia-smi shows no devices found after reboot")
        assert "symptom:gpu-not-visible" in found
        found = self.suggest("the model started producing repeated tokens after the deploy")
        assert "symptom:degraded-output-quality" in found

    def test_a_full_disk_hot_gpus_and_a_broken_node_used_again(self):
        """Fresh sentences no alias or rule read: "ran out of disk space" (and the
        kernel's "No space left on device") is capacity exhaustion, "the GPUs are
        cooking" overheating, "keeps placing jobs on the broken node" a repeat offender."""
        cases = [
            ("we ran out of disk space on the checkpoint volume",
             "root_cause:capacity-exhaustion"),
            ("OSError: [Errno 28] No space left on device: '/ckpt/step_900'",
             "root_cause:capacity-exhaustion"),
            ("the fans on node 12 are dead and the GPUs are cooking",
             "root_cause:gpu-overheating"),
            ("the scheduler keeps placing jobs on the broken node",
             "contributing_factor:repeat-offender-nodes"),
        ]  # fmt: skip
        for text, expected in cases:
            with self.subTest(text):
                assert expected in self.suggest(text), list(self.suggest(text))

    def test_ibstat_port_down_and_a_dial_to_port_53(self):
        """ibstat prints a port's "State: Down" and "Physical state: Polling" on two lines
        (infiniband-diags' ibstat.c), and Go prints a DNS query that timed out as "dial
        udp 10.96.0.10:53: i/o timeout" without "lookup": neither was read."""
        found = self.suggest("Port 1:\n\t\tState: Down\n\t\tPhysical state: Polling\n\t\tRate: 10")
        assert found["component:infiniband-fabric"]["how"] == "signature"
        assert found["symptom:network-connectivity-loss"]["how"] == "signature"
        assert "symptom:network-connectivity-loss" not in self.suggest(
            "Port 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp"
        )
        found = self.suggest("dial udp 10.96.0.10:53: i/o timeout")
        assert found["symptom:dns-resolution-failure"]["how"] == "signature"
        assert "symptom:dns-resolution-failure" not in self.suggest(
            "dial tcp 10.0.0.5:443: i/o timeout"
        )

    def test_the_python_module_that_logged_a_line_is_not_a_part(self):
        """vLLM logs the module and line that wrote each line ("scheduler.py:1234]"):
        its scheduler module read as the cluster's job scheduler."""
        found = self.suggest(
            "INFO 05-01 10:00:00 scheduler.py:1234] Sequence group 12 is preempted by "
            "PreemptionMode.RECOMPUTE mode because there is not enough KV cache space."
        )
        assert "component:kv-cache" in found
        assert "component:job-scheduler" not in found
        assert "component:job-scheduler" in self.suggest("the Slurm scheduler hung for an hour")

    def test_gates_that_stop_the_meaning_layers_accidents_on_fresh_sentences(self):
        """Wrong chips on sentences written fresh, each from a value read by meaning with
        no word of its subject: "users got someone else's completions" a full outage,
        "the cooling loop leaked" stolen credentials, "the cluster is full" a capacity
        loss, "restarts from the last checkpoint every time a node dies" a crash loop."""
        cases = [
            ("users got someone else's completions", "symptom:data-exposure",
             "symptom:full-outage"),
            ("the cooling loop leaked onto the rack", "component:cooling-system",
             "root_cause:stolen-credentials"),
            ("the cluster is full and our jobs wait in the queue for days",
             "root_cause:capacity-exhaustion", "symptom:capacity-loss"),
            ("the job restarts from the last checkpoint every time a node dies",
             "symptom:node-failure", "symptom:crash-loop"),
            ("my job got killed by someone else's job on the shared node", "symptom:job-crash",
             "symptom:data-exposure"),
        ]  # fmt: skip
        for text, wanted, unwanted in cases:
            with self.subTest(text):
                found = self.suggest(text)
                assert wanted in found and unwanted not in found, list(found)
        assert "symptom:crash-loop" in self.suggest("the inference pods restart in a loop")
        assert "root_cause:stolen-credentials" in self.suggest("an attacker used a leaked API key")

    def test_an_eviction_a_container_hook_and_boto_throttling(self):
        """Lines tools print, with their sources: the kubelet's eviction message ("The
        node was low on resource: ephemeral-storage."), nvidia-container-cli's "nvml
        error: driver not loaded" and boto's "An error occurred (SlowDown) when calling
        the PutObject operation" (S3's request rate) were read as their tool only."""
        found = self.suggest(
            "Warning  Evicted  5m  kubelet  The node was low on resource: ephemeral-storage. "
            "Container main was using 52Gi, which exceeds its request of 0."
        )
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        found = self.suggest(
            "stderr: nvidia-container-cli: initialization error: nvml error: driver not "
            "loaded: unknown"
        )
        assert found["symptom:gpu-not-visible"]["how"] == "signature"
        found = self.suggest(
            "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the "
            "PutObject operation: Please reduce your request rate."
        )
        assert found["symptom:requests-throttled"]["how"] == "signature"

    def test_an_accelerator_something_was_built_on_is_not_where_it_ran(self):
        """The denials set's one forbidden chip: "the engine was built on an a100"
        offered the A100, though the trouble was on the L40S pool."""
        found = self.suggest(
            "only the new l40s pool gets NaNs out of the TRT engine, because the engine was "
            "built on an a100 with a different compute capability"
        )
        assert "accelerator:a100" not in found
        assert "accelerator:a100" in self.suggest("NaNs out of the TRT engine on an a100")

    def test_a_links_training_a_block_device_error_and_a_bus_address(self):
        """Fabric Manager's "NVLink training failed" read as a training workload and a job
        crash, and its "pci bus id" as a PCIe error; the kernel's block-layer line "I/O
        error, dev nvme0n1, sector …" (block/blk-mq.c) suggested nothing."""
        found = self.suggest(
            "nv-fabricmanager[2345]: fabric manager NVLink training failed for GPU at pci "
            "bus id 0000:18:00.0"
        )
        assert "component:nvlink" in found
        for unwanted in ("workload:training", "symptom:job-crash", "symptom:pcie-error"):
            assert unwanted not in found, unwanted
        assert "workload:training" not in self.suggest("the PCIe link training at x8 failed")
        found = self.suggest(
            "blk_update_request: I/O error, dev nvme0n1, sector 123456 op 0x1:(WRITE) flags 0x0"
        )
        assert found["root_cause:host-component-failure"]["how"] == "signature"

    def test_a_deadline_exceeded_is_no_team_pressed_for_time(self):
        """Go's and gRPC's "context deadline exceeded" read as time pressure."""
        for text in [
            "context deadline exceeded",
            "rpc error: code = DeadlineExceeded desc = context deadline exceeded",
        ]:
            with self.subTest(text):
                assert "contributing_factor:time-pressure" not in self.suggest(text)
        assert "contributing_factor:time-pressure" in self.suggest(
            "we launched before the conference with known issues because of the deadline"
        )

    def test_an_eval_score_that_fell_is_degraded_output(self):
        """ "the eval accuracy silently dropped 5 points after the framework upgrade" read
        only as evaluations that missed a regression: a score that fell is the model's
        answers getting worse, and the upgrade before it then points to the cause."""
        found = self.suggest(
            "the eval accuracy silently dropped 5 points after the framework upgrade"
        )
        assert "symptom:degraded-output-quality" in found
        assert "root_cause:software-regression" in found
        assert "symptom:degraded-output-quality" not in self.suggest("MMLU improved by 2 points")

    def test_fewer_gpus_than_the_host_has(self):
        """ "after a reboot only 7 of 8 GPUs show up" named only the GPU."""
        for text in [
            "after a reboot only 7 of 8 GPUs show up",
            "nvidia-smi lists 6 out of 8 GPUs on node-3",
        ]:
            with self.subTest(text):
                assert "symptom:gpu-not-visible" in self.suggest(text)
        assert "symptom:gpu-not-visible" not in self.suggest("nvidia-smi shows 8 of 8 GPUs")

    def test_a_network_card_that_stopped_sending_or_lost_its_cable(self):
        """Found by a new user (issue 19): IPoIB's transmit timeout named nothing, the
        kernel's NETDEV WATCHDOG only the NIC by its driver's name, mlx5's "Cable
        unplugged" module event not the module."""
        cases = [
            ("ib0: transmit timeout: latency 10240 msecs", "component:infiniband-fabric"),
            ("NETDEV WATCHDOG: eth2 (mlx5_core): transmit queue 7 timed out",
             "component:nic"),
            ("mlx5_core 0000:3b:00.0: Port module event: module 1, Cable unplugged",
             "component:optical-transceiver"),
        ]  # fmt: skip
        for text, value in cases:
            with self.subTest(value=value):
                assert self.suggest(text)[value]["how"] == "signature"
        assert "component:optical-transceiver" not in self.suggest(
            "mlx5_core 0000:3b:00.0: Port module event: module 1, Cable plugged"
        )

    def test_trouble_gone_after_a_downgrade_is_a_regression(self):
        """From the corpus's tuning part: "Downgrading to vLLM v0.9.* solves this issue" and
        "when the NCCL version is rolled back to 2.1.5, the performance returns to normal"
        named no cause; the newer version brought the trouble."""
        for text, value in [
            ("the throughput is incredibly low with vLLM 0.10.2. Downgrading to vLLM v0.9.* "
             "solves this issue", "root_cause:software-regression"),
            ("When the NCCL version is rolled back to 2.1.5, the performance returns to normal.",
             "root_cause:software-regression"),
            ("GPUs fell off the bus every night; reverting to driver 535 fixed it",
             "root_cause:firmware-or-driver-bug"),
        ]:  # fmt: skip
            with self.subTest(text):
                assert value in self.suggest(text)
        for text in [
            "we rolled back to vLLM 0.9.2 but it did not fix the latency",
            "gibberish after we switched to the fp8 KV cache; reverting to fp16 kv fixes it",
        ]:
            with self.subTest(text):
                assert "root_cause:software-regression" not in self.suggest(text)

    def test_a_node_drained_again_or_known_to_fail_is_a_repeat_offender(self):
        """From the corpus's tuning part: nodes back in drain the morning after they were
        resumed, and "one of the nodes that has the tendency to shut down under load"."""
        for text in [
            "Doh, I did it again. Cn121-cn124 were in drain state again this morning and when "
            "I resumed them I included cn125.",
            "iirc node-1 is one of the nodes that has the tendency to shut down under load.",
        ]:
            with self.subTest(text):
                assert "contributing_factor:repeat-offender-nodes" in self.suggest(text)
        for text in [
            "we drained the node for maintenance and it is back in service",
            "the job tends to crash at step 0 when the config is wrong",
        ]:
            with self.subTest(text):
                assert "contributing_factor:repeat-offender-nodes" not in self.suggest(text)

    def test_capacity_said_to_fall_is_a_capacity_loss(self):
        """From the corpus's tuning part: "the resulting decrease in capacity degraded
        DALL·E service" and "the nodes didn't re-join the cluster" named no capacity loss."""
        for text in [
            "The resulting decrease in capacity degraded DALL·E service.",
            "The nodes didn't re-join the cluster due to timing issues of a GPU diagnostics "
            "command.",
            "we ran at reduced capacity for six hours",
        ]:
            with self.subTest(text):
                assert "symptom:capacity-loss" in self.suggest(text)
        assert "symptom:capacity-loss" not in self.suggest("capacity planning for next year")

    def test_a_part_that_never_got_ready_failed_it_is_not_denied(self):
        """From the corpus's tuning part: "[warmup] fabric manager never reported Completed"
        named nothing, "X never …" being read as ruling X out. A part that never reached,
        finished or answered failed; one that never showed errors is ruled out."""
        found = self.suggest("[warmup] fabric manager never reported Completed; trying anyway")
        assert "component:nvlink" in found
        assert "component:gpu-device-plugin" in self.suggest("the device plugin never became ready")
        assert "component:nccl" not in self.suggest("NCCL never showed any errors")

    def test_a_zero_that_numbers_a_device_or_rank_denies_nothing(self):
        """A 0 before a name counts none ("0 ECC errors"), but after a GPU, a rank or a
        hyphen it is an index: "GPU-0 A100-40G" lost the A100 and "rank 0 NCCL timeout"
        the timeout."""
        found = self.suggest("We have a broken GPU-0 A100-40G which shows low performance")
        assert "accelerator:a100" in found
        assert "symptom:nccl-timeout" in self.suggest("rank 0 NCCL timeout after 30 minutes")
        assert "symptom:ecc-error" in self.suggest("GPU 0 ECC errors keep climbing")
        assert "symptom:ecc-error" not in self.suggest("0 ECC errors on all nodes")

    def test_lines_of_coredns_aws_s3_slurm_rdma_dcgm_and_the_driver(self):
        """Each line printed by a tool whose format no signature knew, so that it suggested
        nothing or only the setting (sources in the signatures)."""
        cases = {
            "[ERROR] plugin/errors: 2 github.com. AAAA: read udp 10.0.0.2:46499->"
            "10.0.0.1:53: i/o timeout": ("component:dns", "symptom:dns-resolution-failure"),
            "E1120 06:39:32.367506 1 static_autoscaler.go:128] Failed to update node "
            "registry: Throttling: Rate exceeded": ("symptom:requests-throttled",),
            "An error occurred (ThrottlingException) when calling the Subscribe operation: "
            "Rate exceeded": ("symptom:requests-throttled",),
            "Worker: Process failed for slice (local_nic: mlx5_0, retry_cnt: 0): transport "
            "retry counter exceeded": ("symptom:network-connectivity-loss",),
            "[  +0.000844] nvidia 0000:03:00.0: AER: can't recover (no error_detected callback)": (
                "component:gpu",
            ),
            "NVRM: knvlinkUpdatePostRxDetectLinkMask_IMPL: Failed to update Rx Detect Link mask!": (
                "component:nvlink",
            ),
            "ERROR [[Health]] Detected a WARNING in health system Thermal: 'Detected clocks "
            "event due to thermal violation in GPU 2.": ("root_cause:gpu-overheating",),
            "LNet: 2431:0:(o2iblnd_cb.c:3174:kiblnd_check_conns()) Timed out tx for "
            "10.0.0.1@o2ib: 403661 seconds": ("component:infiniband-fabric",),
            "squeue: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host": (
                "component:job-scheduler",
                "symptom:dns-resolution-failure",
            ),
            "SlowDown (client): Please reduce your request rate. - <Error><Code>SlowDown</Code>"
            "</Error>": ("component:object-storage",),
            "botocore.exceptions.ClientError: An error occurred (NoSuchKey) when calling the "
            "GetObject operation": ("component:object-storage",),
            "check /sys/class/infiniband/mlx5_0/ports/1/counters/link_downed on every node": (
                "component:infiniband-fabric",
            ),
        }
        for line, wanted in cases.items():
            found = self.suggest(line)
            for value in wanted:
                assert found.get(value, {}).get("how") == "signature", (line, value, found)
        # Not the registry of models: "node registry" in the AWS line.
        assert "component:package-or-model-registry" not in self.suggest(
            "E1120 06:39:32.367506 1 static_autoscaler.go:128] Failed to update node "
            "registry: Throttling: Rate exceeded"
        )

    def test_an_active_slowdown_in_nvidia_smi_is_the_gpu_and_not_active_is_nothing(self):
        """nvidia-smi -q's clock event reasons: an active hardware thermal slowdown is the
        GPU overheating; rows that say Not Active suggest nothing."""
        table = (
            "    Clocks Event Reasons\n"
            "        Idle                              : Not Active\n"
            "        HW Slowdown                       : Active\n"
            "            HW Thermal Slowdown           : Active\n"
            "            HW Power Brake Slowdown       : Not Active\n"
        )
        found = self.suggest(table)
        assert found["component:gpu"]["how"] == "signature"
        assert found["root_cause:gpu-overheating"]["how"] == "signature"
        quiet = self.suggest(
            "        HW Slowdown                       : Not Active\n"
            "            HW Thermal Slowdown           : Not Active"
        )
        assert "root_cause:gpu-overheating" not in quiet
        assert "component:gpu" not in quiet

    def test_everyday_words_for_a_nan_loss_a_p99_and_a_job_that_sits_silent(self):
        """Engineers write "loss went NaN", "p99 up" and "no log lines for 2h"; each
        suggested nothing of what it says."""
        assert "symptom:loss-spike" in self.suggest("loss went NaN at step 48k")
        assert "symptom:increased-latency" in self.suggest("p99 up, p50 flat since noon")
        assert "symptom:increased-latency" not in self.suggest("p99 flat, p50 flat since noon")
        found = self.suggest(
            "the job just sits there, 100% util on all 8 GPUs, no log lines for 2h"
        )
        assert "symptom:job-hang-without-error" in found
        assert "symptom:job-hang-without-error" not in self.suggest(
            "no log lines about ECC in dmesg, the node looks healthy"
        )

    def test_sglangs_scheduler_is_not_the_clusters_job_scheduler(self):
        """SGLang names its own batch scheduler "Scheduler": with the inference server
        named by its signature, the bare word suggested the cluster's Job scheduler."""
        found = self.suggest(
            "[2025-01-01 10:00:00 TP0] Scheduler hit an exception: torch.OutOfMemoryError: "
            "CUDA out of memory."
        )
        assert found["component:inference-server"]["how"] == "signature"
        assert "component:job-scheduler" not in found
        assert "component:job-scheduler" in self.suggest("the slurm scheduler hung again")

    def test_dcgm_error_codes_name_the_part_they_test(self):
        """DCGM's diagnostic and health-watch codes (dcgm_errors.h) suggested nothing."""
        pcie = self.suggest("dcgmi diag -r 3 ... Fail - DCGM_FR_PCIE_REPLAY_THRESHOLD_VIOLATION")
        assert pcie["component:pcie"]["how"] == "signature"
        assert pcie["symptom:pcie-error"]["how"] == "signature"
        memory = self.suggest("Error: DCGM_FR_ROW_REMAP_FAILURE on GPU 3")
        assert memory["root_cause:gpu-memory-fault"]["how"] == "signature"
        assert memory["component:gpu-memory-hbm"]["how"] == "signature"
        # A link reported down is the NVLink, not yet an NVLink error: DCGM reports it on
        # PCIe GPUs that have none.
        down = self.suggest("health watch fires DCGM_FR_NVLINK_DOWN for every link")
        assert down["component:nvlink"]["how"] == "signature"
        assert "symptom:nvlink-error" not in down

    def test_everyday_words_for_5xx_responses_notready_nodes_and_random_reboots(self):
        """ "users saw 502s" suggested Data exposure (by the meaning of "users saw") and
        no error rate; "went NotReady" and "node reboots randomly" suggested no node
        failure; "the cooling failed" no cooling system."""
        found = self.suggest("users saw 502s for about 20 minutes while the ingress was redeployed")
        assert found["symptom:elevated-error-rate"]["how"] == "signature"
        assert "symptom:data-exposure" not in found
        assert "symptom:elevated-error-rate" not in self.suggest("the step timed out after 500s")
        assert "symptom:node-failure" in self.suggest(
            "half our H100 nodes went NotReady after the kernel upgrade last night"
        )
        assert "symptom:node-failure" in self.suggest(
            "node reboots randomly, ipmi shows PSU failure"
        )
        assert "symptom:node-failure" not in self.suggest(
            "the node did not reboot randomly, we rebooted it"
        )
        assert "component:cooling-system" in self.suggest("the cooling failed in one row")

    def test_the_meaning_layer_needs_a_word_of_the_values_subject(self):
        """ "GPU temps hit 90C" read like a heat wave, "GPUs throttled" like throttled
        requests and "40C outside all week" like off-hours timing."""
        hot = self.suggest("GPU temps hit 90C and the clocks dropped, job slowed down a lot")
        assert "contributing_factor:heat-wave" not in hot
        outside = self.suggest(
            "it was 40C outside all week and the chillers could not keep up, GPUs throttled"
        )
        assert "contributing_factor:heat-wave" in outside
        assert "symptom:requests-throttled" not in outside
        assert "contributing_factor:off-hours-timing" not in outside

    def test_everyday_words_for_a_surge_a_slowing_job_an_outage_and_no_quota(self):
        """Each suggested nothing of what it says."""
        assert "root_cause:demand-surge" in self.suggest(
            "the embedding service fell over after the traffic tripled in an hour"
        )
        assert "symptom:training-throughput-drop" in self.suggest(
            "the job is not crashing, it just gets slower every hour"
        )
        assert "symptom:full-outage" in self.suggest(
            "power outage at the colo took out the whole cluster for 6 hours"
        )
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "we ran out of GPU quota in us-east-1 and could not launch replacement nodes"
        )

    def test_no_hang_rollout_or_batching_scheduler_without_their_words(self):
        """By meaning alone: "the job lost 3 hours of progress" read as a hang and
        "preempted" as the batching scheduler; "rolled back" as no staged rollout; "batch
        inference" as the batching scheduler; "sits at 0%" as cryptomining."""
        spot = self.suggest("spot instances got preempted and the job lost 3 hours of progress")
        assert "symptom:job-hang-without-error" not in spot
        assert "component:batching-scheduler" not in spot
        assert "contributing_factor:no-staged-rollout" not in self.suggest(
            "we don't think it's the driver, rolled back and it still happens"
        )
        assert "symptom:job-hang-without-error" in self.suggest("the run is hung, nothing logged")

    def test_a_typo_garbage_output_a_frozen_job_and_no_loss_spike_without_loss(self):
        """ "fell of the bus" (a common slip) and "returning garbage" suggested nothing of
        theirs; "the job seems frozen" no hang; "all links went down" read like a loss
        spike by meaning, with no word of a loss."""
        assert "symptom:gpu-fell-off-the-bus" in self.suggest("gpu fell of the bus again on node 7")
        assert "symptom:degraded-output-quality" in self.suggest(
            "our vllm replicas are returning garbage after the model update"
        )
        assert "symptom:job-hang-without-error" in self.suggest(
            "GPU util 0% but memory allocated, the job seems frozen"
        )
        assert "symptom:loss-spike" not in self.suggest(
            "the infiniband subnet manager crashed and all links went down"
        )

    def test_requests_java_and_kubelet_lines_and_no_xid_without_a_gpu(self):
        """Python requests' HTTPError, Java's UnknownHostException and the kubelet's
        failed image pull suggested nothing; an XFS I/O error read like an Xid error."""
        assert "symptom:elevated-error-rate" in self.suggest(
            "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: "
            "https://huggingface.co/api/models"
        )
        assert "symptom:dns-resolution-failure" in self.suggest(
            "java.net.UnknownHostException: api.internal.example.com"
        )
        assert "component:kubelet" in self.suggest(
            'Failed to pull image "nvcr.io/nvidia/pytorch:24.05-py3": rpc error: code = '
            "Unknown desc = context deadline exceeded"
        )
        assert "symptom:xid-error" not in self.suggest(
            'XFS (nvme0n1): metadata I/O error in "xfs_buf_ioend" at daddr 0x0 len 8 error 5'
        )

    def test_doubts_healthy_readings_and_a_change_that_changed_nothing(self):
        """ "I don't think it's NCCL" suggested NCCL; "infiniband looks healthy" the
        InfiniBand fabric; "swapping it changed nothing" a software regression (by
        meaning); "never showed up there" a memory leak (by meaning)."""
        assert "component:nccl" not in self.suggest(
            "i dont think its nccl, the allreduce benchmarks look normal"
        )
        found = self.suggest(
            "I don't think it's a DNS problem, but the pods can't resolve anything"
        )
        assert "symptom:dns-resolution-failure" in found
        assert "component:dns" not in found
        assert "component:infiniband-fabric" not in self.suggest(
            "infiniband looks healthy, ethernet management network is what dropped"
        )
        swapped = self.suggest(
            "we suspected a bad cable but swapping it changed nothing; the switch port is broken"
        )
        assert "root_cause:software-regression" not in swapped
        assert "component:network-switch" in swapped
        assert "root_cause:memory-leak" not in self.suggest(
            "our test environment is tiny compared to production so it never showed up there"
        )

    def test_an_n_hour_outage_a_bad_switch_and_returned_500s(self):
        """ "had a 2 hour outage" suggested no full outage but Slow manual diagnosis (by
        meaning); "a bad switch" no switch failure; "returned 500s" no error rate, while
        "took 500s" stays a duration."""
        outage = self.suggest("our inference fleet on GB200 had a 2 hour outage")
        assert "symptom:full-outage" in outage
        assert "contributing_factor:slow-manual-diagnosis" not in outage
        assert "root_cause:switch-failure" in self.suggest(
            "pretraining run on 2k H100s lost a day to a bad switch"
        )
        assert "symptom:elevated-error-rate" in self.suggest("the API returned 500s for an hour")
        assert "symptom:elevated-error-rate" not in self.suggest("the step took 500s to finish")

    def test_the_only_exception_to_nothing_happened_and_an_intact_checkpoint(self):
        """ "nothing else changed except the NCCL version" set NCCL apart as if denied and
        ruled out every change; "the checkpoint was intact" suggested a checkpoint
        failure."""
        found = self.suggest("nothing else changed except the NCCL version")
        assert "component:nccl" in found
        assert "root_cause:software-regression" in found
        assert "symptom:xid-error" in self.suggest("no errors other than Xid 79 on node 3")
        assert "component:nccl" not in self.suggest("the hang was in our code rather than NCCL")
        assert "symptom:checkpoint-failure" not in self.suggest(
            "we didn't lose any data, the checkpoint was intact"
        )

    def test_throttling_gpus_are_hot_unless_a_power_cap_is_named(self):
        """ "the GPUs throttled" suggested nothing of the heat; throttling put down to a
        power cap is not overheating."""
        assert "root_cause:gpu-overheating" in self.suggest(
            "our GPUs keep throttling in the afternoon"
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "someone ran nvidia-smi -pl 300 and the GPUs throttled"
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "the GPUs are not throttling, clocks are at max"
        )

    def test_ecc_dns_and_slow_loading_need_a_word_of_their_own(self):
        """By meaning alone, "a PDU in row C failed" read like an ECC error (the word
        "row"), and "ran out of IP addresses so new pods couldn't start" like a DNS
        failure and slow model loading."""
        power = self.suggest("one of the PDUs in row C failed and we lost power to 12 racks")
        assert "symptom:ecc-error" not in power
        assert "root_cause:power-loss" in power
        pods = self.suggest("our k8s cluster ran out of IP addresses so new pods couldn't start")
        assert "symptom:dns-resolution-failure" not in pods
        assert "symptom:slow-model-loading" not in pods
        assert "symptom:jobs-stuck-pending" in pods
        assert "symptom:loss-spike" in self.suggest("we saw a lot of NaN gradients after fp8")
        assert "symptom:silent-data-corruption" in self.suggest(
            "a GPU on node 12 returns wrong matmul results intermittently"
        )

    def test_a_fourth_helpers_fresh_inputs(self):
        """From a fourth helper's blind inputs (each assertion failed before its rule)."""
        # Slurm's controller kills a job on a failed node (src/slurmctld/job_mgr.c); a
        # machine named after its GPUs is no GPU, a switch named so is the switch.
        found = self.suggest(
            "[2024-03-02T11:04:17.221] Killing JobId=48213 on failed node gpu-a-117"
        )
        assert found["symptom:node-failure"]["how"] == "signature"
        assert "component:job-scheduler" in found and "component:gpu" not in found
        assert "component:gpu" not in self.suggest("error: Nodes gpu[012-013] not responding")
        assert "component:network-switch" in self.suggest("ib-switch-03 port 12 flapping")
        # A power cap is a setting; power that went out is a power loss.
        found = self.suggest(
            "facilities lowered the power cap on the cluster and our throughput dropped 20%"
        )
        assert "root_cause:power-loss" not in found
        assert "root_cause:power-loss" in self.suggest("we lost power to hall B, every job died")
        # A checkpoint written fast is no checkpoint failure.
        found = self.suggest(
            "we ruled out storage, checkpoint writes were fast; the slowdown was thermal throttling"
        )
        assert "symptom:checkpoint-failure" not in found
        # "wasn't from X, it was Y" rules X out.
        found = self.suggest(
            "latency spike wasnt from the model server, it was the load balancer health checks"
        )
        assert "component:inference-server" not in found
        assert "component:load-balancer" in found
        # A module's dotted name is code ("xla" in jaxlib.xla_extension).
        found = self.suggest(
            "jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. # of "
            "tasks that reached the barrier: 255/256."
        )
        assert "component:model-compiler" not in found
        # Scale is a job's size; evals missed is what evals did not catch.
        found = self.suggest(
            "vllm keeps getting OOM at high concurrency, kv cache too big with 128k ctx"
        )
        assert "contributing_factor:scale" not in found
        assert "contributing_factor:scale" not in self.suggest("GPU node scaling was too slow")
        found = self.suggest("problems of scale when training on 24,000 GPUs")
        assert "contributing_factor:scale" in found
        found = self.suggest(
            "ran out of quota for a100s in us-central1 so the eval jobs are stuck pending"
        )
        assert "contributing_factor:evaluations-missed-the-regression" not in found
        assert "symptom:jobs-stuck-pending" in found
        # A rate that fell in a text about training is the training throughput's.
        found = self.suggest("training perf dropped after the driver upgrade")
        assert "symptom:training-throughput-drop" in found
        assert "symptom:inference-throughput-drop" not in found
        found = self.suggest("training performance tanked after the driver upgrade")
        assert "symptom:training-throughput-drop" in found
        # Shorthands read as their words.
        found = self.suggest("we lost 3 days of training because the ckpt was corrupted")
        assert "symptom:checkpoint-failure" in found
        assert "symptom:increased-latency" in self.suggest("inference latency went thru the roof")
        # Work resumed from a checkpoint is recovery, not a checkpoint failure.
        found = self.suggest("restarted from the last ckpt after the node died")
        assert "symptom:checkpoint-failure" not in found
        assert "component:checkpoint-storage" not in found
        assert "symptom:node-failure" in found
        found = self.suggest("resuming from the checkpoint failed with a size mismatch")
        assert "symptom:checkpoint-failure" in found
        # Cloud and CUDA error strings as their documentation gives them.
        found = self.suggest(
            "An error occurred (InsufficientInstanceCapacity) when calling the RunInstances "
            "operation: We currently do not have sufficient p5.48xlarge capacity"
        )
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        found = self.suggest(
            "failed to load 'llama-70b' version 1: Internal: the provided PTX was compiled "
            "with an unsupported toolchain."
        )
        assert found["root_cause:version-mismatch"]["how"] == "signature"
        # A part named inside the words of what happened is named too; not NCCL in an
        # NCCL timeout.
        found = self.suggest("nvlink errors on node 12, all-to-all in the MoE layers hangs")
        assert "component:nvlink" in found
        assert "component:nccl" not in self.suggest("NCCL timeout on rank 3")
        # A CRAC is a room's air conditioner; Anthropic's API answers 529 overloaded_error
        # when it is overloaded (docs.anthropic.com/en/api/errors).
        found = self.suggest("gpu temps hitting 90C, CRAC unit in hall B failed")
        assert "component:cooling-system" in found
        found = self.suggest(
            'anthropic.InternalServerError: Error code: 529 - {"type": "error", "error": '
            '{"type": "overloaded_error", "message": "Overloaded"}}'
        )
        assert found["symptom:elevated-error-rate"]["how"] == "signature"

    def test_what_the_meaning_layer_read_is_shown_from_a_whole_word(self):
        """The words shown for a value read by meaning began inside "rather" ("ther than a
        cable issue, the switch firmware…") and took in the clause before its own ("the
        checkpoint, restore works fine; the divergence…"): the first word was found
        anywhere, not as a word, and at its first place, not its clause's."""
        for sentence, own in [
            (
                "rather than a cable issue, the switch firmware upgrade caused a PFC storm "
                "on the RoCE fabric",
                "upgrade caused",  # ("switch firmware" names the switch)
            ),
            (
                "its not the checkpoint, restore works fine; the divergence is from the lr "
                "schedule change",
                "the divergence",
            ),
        ]:
            read = [i for i in self.suggest(sentence).values() if i["how"] == "meaning"]
            assert read, sentence
            for item in read:
                assert item["matched"].startswith(own), (sentence, item)

    def test_queue_and_balancer_lines_and_a_counted_gpu_resource(self):
        """Kueue's admission message (flavorassigner.go) is a job waiting on its quota;
        HAProxy's "Server b/s is DOWN, reason: Layer4 …" a balancer's health check taking
        a backend out; a syslog level "[ALERT]" is no alerting pipeline; GPUs a scheduler
        found too few of ("16 Insufficient nvidia.com/gpu") are not the device plugin."""
        found = self.suggest(
            "Message: couldn't assign flavors to pod set main: insufficient unused quota for "
            "nvidia.com/gpu in flavor gpu-a100, 2 more needed"
        )
        assert found["symptom:jobs-stuck-pending"]["how"] == "signature"
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        assert "component:gpu-device-plugin" not in found
        found = self.suggest(
            "[WARNING]  (8) : Server http_back/api is DOWN, reason: Layer4 connection problem, "
            'info: "Connection refused", check duration: 0ms. 0 active and 0 backup servers left.'
        )
        assert found["component:load-balancer"]["how"] == "signature"
        assert found["component:health-check"]["how"] == "signature"
        found = self.suggest("[ALERT]    (8) : backend 'mysqlro-back' has no server available!")
        assert list(found) == ["component:load-balancer"]
        assert "component:monitoring-and-logging" in self.suggest("our alerting was down")
        found = self.suggest(
            "Warning  FailedScheduling  default-scheduler  0/16 nodes are available: 16 "
            "Insufficient nvidia.com/gpu."
        )
        assert "component:gpu-device-plugin" not in found
        assert "component:job-scheduler" in found
        # nvidia-installer could not load the driver (kernel.c): no GPU can be used.
        found = self.suggest(
            "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most "
            "frequently when this kernel module was built against the wrong or improperly "
            "configured kernel sources"
        )
        assert found["symptom:gpu-not-visible"]["how"] == "signature"

    def test_a_fifth_helpers_fresh_inputs(self):
        """From a fifth helper's blind inputs (each assertion failed before its rule)."""
        # A dash set off by spaces ends a clause: what follows is not denied with it.
        found = self.suggest(
            "not the storage, lustre looked fine - it was the dataloader doing random reads"
        )
        assert "component:training-data-loader" in found
        # A resource that "wasn't full" is not what ran out.
        found = self.suggest(
            "KV cache wasn't full, the slowdown was prefill contention from huge prompts"
        )
        assert "component:kv-cache" not in found
        # A node failure needs a machine; multi-tenancy a tenant; a staged rollout's
        # absence a change that went everywhere at once.
        found = self.suggest(
            "webdataset: tarfile.ReadError: unexpected end of data (shard "
            "gs://corpus-prod/shards/en-00917.tar)"
        )
        assert "symptom:node-failure" not in found
        found = self.suggest(
            "%BGP-5-ADJCHANGE: neighbor 10.0.255.1 Down BGP Notification sent hold time expired"
        )
        assert "contributing_factor:multi-tenant-cluster" not in found
        found = self.suggest(
            "we first blamed the firmware rollout but rolling back didn't help, it was a "
            "faulty switch"
        )
        assert "contributing_factor:no-staged-rollout" not in found
        assert "contributing_factor:multi-tenant-cluster" in self.suggest(
            "jobs from different teams fighting over the same nodes"
        )
        # Everyday names of what happened.
        found = self.suggest("spot preemption took out 40% of our inference fleet at peak traffic")
        assert "symptom:capacity-loss" in found
        assert "component:object-storage" in self.suggest("gcs throttled us during restore")
        found = self.suggest("etcd was slow because of disk latency on the control plane nodes")
        assert "component:kubernetes-api-server" in found
        found = self.suggest("sglang router kept sending everything to one replica")
        assert "component:request-router" in found
        found = self.suggest("the loss spike came from a bad data shard")
        assert "root_cause:bad-training-data" in found
        found = self.suggest("weka went read-only after two backends dropped out")
        assert "root_cause:storage-system-failure" in found
        # A chat template refusing the roles' order (transformers' chat templates), and
        # mlx5's priority-flow-control counters (the kernel's mlx5 counters.rst).
        found = self.suggest(
            "jinja2.exceptions.TemplateError: Conversation roles must alternate "
            "user/assistant/user/assistant/..."
        )
        assert found["component:tokenizer-or-chat-template"]["how"] == "signature"
        found = self.suggest("rx_prio3_pause: 98123441  rx_prio3_pause_duration: 771230044")
        assert found["component:roce-fabric"]["how"] == "signature"

    def test_a_sixth_helpers_fresh_inputs(self):
        """From a sixth helper's blind inputs, on training (each assertion failed before
        its rule)."""
        # Training tools' own lines, with their sources in the vocabulary: Megatron's NaN
        # count, JAX's debug_nans, PyTorch's load_state_dict, torchrun's elastic agent,
        # amdgpu's page fault, XLA's buffer allocation failure (OOM, not a quota).
        found = self.suggest(
            "iteration   41200/  500000 | lm loss: 9.412871E+00 | grad norm: 3841.227 | number "
            "of skipped iterations: 0 | number of nan iterations: 12 |"
        )
        assert found["symptom:loss-spike"]["how"] == "signature"
        found = self.suggest(
            "FloatingPointError: invalid value (nan) encountered in jit(train_step)."
        )
        assert found["symptom:loss-spike"]["how"] == "signature"
        found = self.suggest(
            "RuntimeError: Error(s) in loading state_dict for GPT: size mismatch for "
            "transformer.h.0.attn.weight: copying a param with shape torch.Size([4096, 12288]) "
            "from checkpoint"
        )
        assert found["symptom:checkpoint-failure"]["how"] == "signature"
        assert "component:checkpoint-storage" not in found
        found = self.suggest(
            "WARNING:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. "
            "3/3 attempts left; will restart worker group"
        )
        assert found["component:distributed-job-launcher"]["how"] == "signature"
        found = self.suggest("amdgpu 0000:c1:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:24)")
        assert found["component:gpu"]["how"] == "signature"
        found = self.suggest(
            "XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting "
            "to allocate 12.50G. That was not possible. There are 9.87G free."
        )
        assert found["symptom:out-of-memory"]["how"] == "signature"
        assert "symptom:requests-throttled" not in found
        found = self.suggest(
            "OSError: [Errno 28] No space left on device: "
            "'/checkpoints/run42/global_step18000/mp_rank_00_model_states.pt'"
        )
        assert "symptom:checkpoint-failure" in found
        # Values by meaning that need their subject's words.
        found = self.suggest(
            "RuntimeError: Rank 1023 successfully reached monitoredBarrier, but received "
            "errors while waiting for send/recv from rank 0. Please check rank 0 logs for "
            "faulty rank."
        )
        assert "component:monitoring-and-logging" not in found
        found = self.suggest("rack power cap throttling the h100s during allreduce phases")
        assert "root_cause:gpu-overheating" not in found
        assert "root_cause:power-fluctuation" not in found
        found = self.suggest("not a NCCL bug after all - it was a flaky NIC on one host")
        assert "symptom:network-link-flapping" not in found
        assert "root_cause:nic-fault" in found
        found = self.suggest(
            "ECC counters looked fine and DCGM diag passed, yet the host was still producing "
            "corrupted gradients"
        )
        assert "symptom:checkpoint-failure" not in found
        found = self.suggest("nvlink errs on node33 gpu5, drained it and the job's fine now")
        assert "contributing_factor:misleading-signals" not in found
        assert "symptom:nvlink-error" in found
        # A bare checkpoint is not where it is stored.
        found = self.suggest("Got an NCCL timeout while checkpointing on 8xH200")
        assert "component:checkpoint-storage" not in found
        # "X was just <a trouble>" explains X; "X looked like Y but" keeps X.
        assert "symptom:training-throughput-drop" in self.suggest(
            "the straggler was just a slow node"
        )
        found = self.suggest(
            "hang looked like a collective deadlock but really the storage mount froze"
        )
        assert "symptom:job-hang-without-error" in found
        found = self.suggest("405b run, tons of unexpected interruptions, mostly GPUs and HBM3")
        assert "symptom:job-crash" in found

    def test_what_a_chip_matched_is_shown_as_the_reader_typed_it(self):
        """A word read otherwise ("ckpt" as checkpoint, "memroy" as memory) was shown as
        read in what a chip matched ("Read from “the checkpoint was corrupted”"), words
        the reader never typed."""
        found = self.suggest("we lost 3 days of training because the ckpt was corrupted")
        assert found["symptom:checkpoint-failure"]["matched"] in (
            "the ckpt was corrupted",
            "ckpt was corrupted",
        )
        found = self.suggest("out of memroy on node 3 and infinband errors")
        assert found["symptom:out-of-memory"]["matched"] == "out of memroy"
        assert found["component:infiniband-fabric"]["matched"] == "infinband"

    def test_a_signature_is_shown_to_the_end_of_its_last_token(self):
        """A signature that stops at its first digit showed an address cut in two
        ("… localGid ::ffff:1")."""
        found = self.suggest(
            "NCCL INFO NET/IB : Got completion from peer 10.1.4.22<49152> with error 12, "
            "opcode 0, len 0, vendor err 129 (Recv) localGid ::ffff:10.1.4.17"
        )
        assert found["component:roce-fabric"]["matched"].endswith("::ffff:10.1.4.17")

    def test_a_seventh_helpers_fresh_inputs(self):
        """From a seventh helper's blind inputs, postmortem words (each assertion failed
        before its rule)."""
        found = self.suggest("traffic went 5x after the tweet went viral, autoscaler cant keep up")
        assert "symptom:elevated-error-rate" not in found  # a multiplier, not 5xx
        assert "symptom:elevated-error-rate" in self.suggest("we saw 5xx errors on the gateway")
        found = self.suggest(
            "This was not a security incident; no customer data was accessed. The outage was "
            "caused by a database migration."
        )
        assert "symptom:data-exposure" not in found
        found = self.suggest(
            "the auth service depends on the config service which depends on the auth service"
        )
        assert "root_cause:configuration-change" not in found
        found = self.suggest("kube api server getting hammered, etcd latency through the roof")
        assert "root_cause:insecure-configuration" not in found
        found = self.suggest("the quota bump is still pending, we're stuck at 512 gpus")
        assert "symptom:job-hang-without-error" not in found
        found = self.suggest(
            "Instance creation failed: ZONE_RESOURCE_POOL_EXHAUSTED: The zone "
            "'projects/p/zones/us-central1-a' does not have enough resources available to "
            "fulfill the request."
        )
        assert found["root_cause:capacity-exhaustion"]["how"] == "signature"
        assert "symptom:requests-throttled" in self.suggest("everyone getting 429s since noon")
        found = self.suggest("Attackers exploited an exposed Ray dashboard to deploy miners")
        assert "root_cause:insecure-configuration" in found
        found = self.suggest("storage filled up, /scratch at 100% and the dataloader is erroring")
        assert "root_cause:capacity-exhaustion" in found

    def test_an_eighth_helpers_pasted_logs(self):
        """From an eighth helper's multi-line pastes (each assertion failed before its
        rule): a node's tags are no parts; a command someone typed and nvidia-smi's
        column headings are what was looked at; GPU-hours lost are no GPU off its bus; a
        TPU slice's name names its generation."""
        found = self.suggest(
            "NodeName=gpu-0012 Arch=x86_64 AvailableFeatures=h100,ib,nvlink "
            "ActiveFeatures=h100,ib,nvlink Gres=gpu:8"
        )
        assert "component:nvlink" not in found
        assert "component:infiniband-fabric" not in found
        assert "accelerator:h100" in found
        assert not self.suggest("$ ssh gpu-0253 nvidia-smi -q -i 3 -d ECC | grep -i uncorr")
        assert not self.suggest(
            "| GPU  Name        Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |"
        )
        found = self.suggest("# 4096 GPUs lost ~18h of progress, the last checkpoint was old")
        assert "symptom:gpu-fell-off-the-bus" not in found
        assert "symptom:gpu-fell-off-the-bus" in self.suggest(
            "we lost 8 GPUs on node 3, they fell off the bus"
        )
        assert "accelerator:tpu-v5p" in self.suggest("(256 devices, v5p-512) slice failed")

    def test_a_persons_diagnosis_in_a_long_paste_is_read_before_machine_errors(self):
        """A long paste kept its lines of failure in pasted order until the budget was
        spent, so the chat line with the diagnosis, pasted last, was dropped."""
        words = ["dataloader", "prefetch", "optimizer", "scheduler", "allgather", "reducer",
                 "sampler", "tokenizer", "profiler", "evaluator", "logger", "watcher",
                 "uploader", "heartbeat"]  # fmt: skip
        lines = [
            f"2024-05-11T14:{i:02d}:00Z worker-{i} ERROR {word} stalled waiting on rank "
            f"{i * 7}, retrying"
            for i, word in enumerate(words)
        ]
        lines.append(
            "<lee> it's the checkpoint: synchronous torch.save of full optimizer state to S3, "
            "all 2048 ranks hitting one prefix"
        )
        found = self.suggest("\n".join(lines))
        assert "component:checkpoint-storage" in found

    def test_a_bare_denial_rules_its_name_out_in_the_whole_paste(self):
        """A chat line's conclusion "not the NFS" left the NFS line pasted before it
        suggesting the shared file system (an eighth blind helper's paste)."""
        found = self.suggest(
            "nfs: server home-nfs01 not responding, still trying\n"
            "<mei> that's just login nodes. not the NFS"
        )
        assert "component:shared-file-system" not in found
        found = self.suggest("no ECC errors last week, ECC errors on three nodes today")
        assert "symptom:ecc-error" in found

    def test_a_denial_reaches_every_item_of_its_list(self):
        """A ninth round of blind helpers: "no errors or Xid events" suggested Xid errors
        and "not caused by a hardware failure or a capacity shortage" capacity
        exhaustion: the denial stopped at the "or"."""
        found = self.suggest(
            "Silent data corruption on a single host caused the loss to diverge; the "
            "failure produced no errors or Xid events in the logs."
        )
        assert "symptom:xid-error" not in found
        assert "symptom:silent-data-corruption" in found
        found = self.suggest(
            "This outage was not caused by a hardware failure or a capacity shortage."
        )
        assert "root_cause:capacity-exhaustion" not in found
        assert "component:nccl" not in self.suggest("neither NCCL nor the fabric, the job OOMed")
        # A failure's state is no list denied ("not reachable or …").
        found = self.suggest("the node was not reachable or the NCCL timeout fired")
        assert "symptom:nccl-timeout" in found

    def test_what_was_spared_suggests_nothing(self):
        """Blind helpers: "API keys continued to work and inference requests via the API
        were not affected" suggested stolen credentials and inference; "quota says we
        have room" capacity exhaustion."""
        found = self.suggest(
            "Users were unable to log in between 07:00 and 07:45 UTC due to an outage at "
            "our third-party authentication provider. API keys continued to work and "
            "inference requests via the API were not affected."
        )
        assert "root_cause:stolen-credentials" not in found
        assert "workload:inference" not in found
        assert "component:authentication-service" in found
        found = self.suggest(
            "k8s wont place the job, 64 pods pending. quota says we have room but the "
            "nodes are all still cordoned from the maintenance yesterday"
        )
        assert "root_cause:capacity-exhaustion" not in found
        assert "symptom:jobs-stuck-pending" in found

    def test_a_status_pages_words_are_no_trouble(self):
        """Blind helpers: a status page's "This incident has been resolved" suggested a
        DNS resolution failure, its label "Monitoring -" and "we are monitoring the
        results" the monitoring system, "A fix has been implemented" silent data
        corruption."""
        assert not self.suggest("This incident has been resolved.")
        assert not self.suggest(
            "Monitoring - A fix has been implemented and we are monitoring the results."
        )
        found = self.suggest("Resolved - DNS lookups were failing for 20 minutes")
        assert "symptom:dns-resolution-failure" in found
        assert "component:monitoring-and-logging" in self.suggest(
            "monitoring was down for 2h so nobody saw the alerts"
        )

    def test_a_double_bit_error_or_a_failed_row_remap_is_a_memory_fault(self):
        """Blind helpers: NVIDIA's Xid 48 (DBE, double-bit ECC error) and Xid 64 (row
        remapper recording failure) name faulty GPU memory, not only an ECC error
        (https://docs.nvidia.com/deploy/xid-errors/index.html)."""
        found = self.suggest(
            "[1234567.891011] NVRM: Xid (PCI:0000:87:00): 48, pid=22871, name=python, An "
            "uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer"
        )
        assert "root_cause:gpu-memory-fault" in found
        assert "root_cause:gpu-memory-fault" in self.suggest("gpu-d09 draining, xid 64 repeated")

    def test_a_part_said_to_fail_is_its_failures_root_cause(self):
        """Blind helpers: "a failing top-of-rack switch", "HBM3 memory failures", "the
        optic was just dirty", "defective InfiniBand cables", "a power distribution unit
        failure" found the part and missed its failure (search/parts.py)."""
        found = self.suggest(
            "Faulty GPUs accounted for 30.1% of interruptions, followed by HBM3 memory "
            "failures at 17.2%. Network switch and cable issues made up another 8.4%."
        )
        assert {
            "root_cause:faulty-gpu", "root_cause:gpu-memory-fault",
            "root_cause:switch-failure", "root_cause:network-link-or-cable-fault",
        } <= set(found)  # fmt: skip
        found = self.suggest("the error rate was caused by a failing top-of-rack switch")
        assert "root_cause:switch-failure" in found
        found = self.suggest(
            "thought it was a bad cable but the optic was just dirty, cleaned it and the "
            "link is back up at 400G"
        )
        assert "root_cause:network-link-or-cable-fault" in found
        found = self.suggest("A power distribution unit failure in row C took down 32 servers")
        assert "root_cause:power-loss" in found
        assert "root_cause:host-component-failure" not in found
        # A part only named, or denied, is no failure.
        assert "root_cause:switch-failure" not in self.suggest("the switch logs show NCCL timeouts")
        assert "root_cause:switch-failure" not in self.suggest("not a failing switch, the NIC died")

    def test_capacity_that_ran_out_said_around_its_word(self):
        """Blind helpers: "insufficient GPU capacity", "exceeded our available GPU
        capacity", "out of h100 capacity", "an exhausted database connection pool" and
        "could not find replacement capacity" missed Capacity exhaustion (the aliases hold
        the words side by side only); "a surge in traffic" missed the demand surge."""
        for text in (
            "The issue was caused by insufficient GPU capacity following a surge in traffic",
            "a surge in demand after a launch exceeded our available GPU capacity",
            "we're out of h100 capacity in us-east, had to queue the eval jobs",
            "the Batch API stopped processing requests due to an exhausted database "
            "connection pool",
            "replicas were terminated and the autoscaler could not find replacement capacity",
        ):
            assert "root_cause:capacity-exhaustion" in self.suggest(text), text
        found = self.suggest("insufficient GPU capacity following a surge in traffic")
        assert "root_cause:demand-surge" in found
        # A chiller's design capacity is no pool that ran out.
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "High ambient temperatures during a regional heatwave exceeded the design "
            "capacity of the chillers at our London datacenter"
        )
        assert "root_cause:demand-surge" not in self.suggest(
            "We noticed a spike in traffic coming from an internal source"
        )

    def test_a_mistaken_action_by_hand_is_an_operator_error(self):
        """Blind helpers: "ran the drain against the wrong node list, drained 40 healthy
        prod nodes" suggested nothing."""
        for text in (
            "oops i ran the drain against the wrong node list, drained 40 healthy prod nodes",
            "an engineer accidentally rebooted the spine switch during the change window",
        ):
            assert "root_cause:operator-error" in self.suggest(text), text
        assert "root_cause:operator-error" not in self.suggest(
            "the scheduler placed the job on the wrong nodes"
        )

    def test_rocms_no_device_and_the_kernels_module_list(self):
        """Blind helpers: HIP's hipErrorNoDevice ("No ROCm-capable device is detected",
        ROCm/HIP's error codes) suggested no missing GPU; the kernel's "Modules linked in:"
        list under a soft lockup suggested the shared file system for "lustre(OE)"."""
        found = self.suggest("only on the mi300x nodes, rocm 6.1, hipErrorNoDevice after reboot")
        assert "symptom:gpu-not-visible" in found
        found = self.suggest(
            "[182733.554102] watchdog: BUG: soft lockup - CPU#57 stuck for 22s! "
            "[kworker/57:1:1874]\n[182733.554210] Modules linked in: nvidia_uvm(OE) "
            "nvidia_drm(POE) lustre(OE) lnet(OE) mlx5_ib ib_core"
        )
        assert "component:shared-file-system" not in found
        assert "component:host-operating-system" in found

    def test_what_a_suspicion_was_drawn_from_happened(self):
        """Blind helpers: "We initially suspected a network issue because NCCL timeouts
        were reported …, but the actual cause was a single GPU that had fallen off the
        bus" set the timeouts aside with the suspicion; "ib counters clean" suggested the
        InfiniBand fabric; Envoy's "{overflow}" flag suggested numerical instability."""
        found = self.suggest(
            "We initially suspected a network issue because NCCL timeouts were reported "
            "across many ranks, but the actual cause was a single GPU that had fallen off "
            "the bus"
        )
        assert {"symptom:nccl-timeout", "symptom:gpu-fell-off-the-bus"} <= set(found)
        found = self.suggest("rank 47 hangs in allreduce. not the network, ib counters clean")
        assert "component:infiniband-fabric" not in found
        found = self.suggest(
            '[2024-08-14T12:05:10.112Z] "POST /v1/completions HTTP/1.1" 503 UO '
            'upstream_reset_before_response_started{overflow} 0 81 0 - "10.4.0.19"'
        )
        assert "root_cause:numerical-instability" not in found
        assert "root_cause:numerical-instability" in self.suggest("fp16 overflow in attention")

    def test_versions_set_against_each_other(self):
        """Blind helpers: "cuda 12.4 userspace vs the 535 driver on the host" missed a
        version mismatch; "a segfault … only on the new nccl 2.21, 2.19 is fine" a
        software regression; "restarted 6 times overnight, each time from last ckpt" was
        read as a checkpoint that failed."""
        found = self.suggest(
            "i think its the new container image, cuda 12.4 userspace vs the 535 driver on the host"
        )
        assert "root_cause:version-mismatch" in found
        assert "root_cause:version-mismatch" not in self.suggest("loss 2.3 vs 2.1 at step 400")
        found = self.suggest(
            "rank 0 died with a segfault in libnccl.so only on the new nccl 2.21, 2.19 is fine"
        )
        assert "root_cause:software-regression" in found
        found = self.suggest(
            "the training job restarted 6 times overnight, each time from last ckpt so we "
            "lost ~4h of progress total"
        )
        assert "symptom:checkpoint-failure" not in found
        found = self.suggest("restarted the node, the job failed to load from the checkpoint")
        assert "symptom:checkpoint-failure" in found

    def test_a_busy_bus_and_a_planned_power_down(self):
        """Blind helpers: "some batch job saturating pcie bandwidth" suggested a PCIe
        error, "we proactively powered down a portion of compute" a power loss (both by
        meaning, both forbidden by the helpers)."""
        found = self.suggest(
            "noisy neighbor on the shared inference nodes — some batch job saturating pcie "
            "bandwidth, our latency tanked"
        )
        assert "symptom:pcie-error" not in found
        found = self.suggest(
            "High ambient temperatures during a regional heatwave exceeded the design "
            "capacity of the chillers at our London datacenter, and we proactively powered "
            "down a portion of compute to protect the equipment."
        )
        assert "root_cause:power-loss" not in found
        assert "contributing_factor:heat-wave" in found

    def test_what_only_training_has_implies_training(self):
        """Blind helpers expected the Training workload from "loss spiked at step 41200
        then NaNs" and "mfu dropped from 52% to 38%": only training has a loss, a training
        throughput, a data loader and an optimizer (IMPLIED in search/suggestions.py)."""
        for text in (
            "loss spiked at step 41200 then NaNs. no ecc errors in dcgm though",
            "pp bubble way worse after we changed the microbatch count, mfu dropped from 52% "
            "to 38%",
            "the slowdown is in the dataloader, cpu pegged at 100% on the workers",
        ):
            assert "workload:training" in self.suggest(text), text
        assert "workload:training" not in self.suggest("vllm p99 latency doubled after the deploy")

    def test_postmortem_staples(self):
        """Blind helpers' postmortem sentences: "caused all requests to fail" (a full
        outage), "the job had no timeout configured" (mistuned timeouts), "nodes came up
        without GPUs visible to the container runtime", "a dependency loop", "applied
        globally" (no staged rollout)."""
        expected = {
            "An expired internal certificate caused all requests to fail for 14 minutes.":
                "symptom:full-outage",
            "the all-reduce hung; the job had no timeout configured, so it stayed stuck":
                "contributing_factor:mistuned-timeouts",
            "After reboot, nodes came up without GPUs visible to the container runtime.":
                "symptom:gpu-not-visible",
            "Contributing to the duration was a dependency loop: the rollback tools relied "
            "on the authentication service that was down":
                "contributing_factor:circular-dependency",
            "A configuration push meant for one customer was applied globally":
                "contributing_factor:no-staged-rollout",
        }  # fmt: skip
        for text, key in expected.items():
            assert key in self.suggest(text), text
        assert "symptom:full-outage" not in self.suggest("a few requests failed with 503")

    def test_a_tenth_rounds_forbidden_chips(self):
        """A tenth round of blind helpers (GPU cloud tickets, a training logbook, LLM
        serving): each of these suggested what the text rules out."""
        cases = {
            # a transceiver's heat is no GPU's
            "mlx5_core 0000:c1:00.0: Port module event[error]: module 0, Cable error, High "
            "Temperature\n-- yes. transceiver overheating, replaced optic.":
                "root_cause:gpu-overheating",
            # a memlock limit refused RDMA registration: no memory ran out
            "all ranks print 'NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate "
            "memory'": "symptom:out-of-memory",
            "ssh to my vm just times out. security group allows 22 from 0.0.0.0/0":
                "workload:security",
            "the 1B draft model was trained on a different tokenizer, acceptance is 0.18":
                "workload:training",
            "lr warmup bug: scheduler counted warmup in micro-steps not optimizer steps":
                "component:job-scheduler",
            "job hung, no watchdog for 2 hours because someone set NCCL timeout to 7200s":
                "symptom:nccl-timeout",
            "suspect a single slow node, not the fabric. IB counters clean on all leaf "
            "switches, we checked.": "component:infiniband-fabric",
            "nothing broke overnight. 11.2k steps, MFU steady at 41%. ckpt 72000 written and "
            "verified.": "symptom:checkpoint-failure",
            "planned maintenance: firmware update on all spine switches + driver bump "
            "535.129 -> 535.161. job stopped cleanly, resumed 10:40 no issues.":
                "root_cause:firmware-or-driver-bug",
            "MI300X test partition: rccl all-reduce hangs at 256 GPUs. main run on H100 "
            "unaffected.": "accelerator:h100",
            "vllm RSS grows ~2GB/hour on the API server process. GPU memory flat.":
                "component:gpu-memory-hbm",
        }  # fmt: skip
        for text, key in cases.items():
            assert key not in self.suggest(text), text
        # What fired stays: a GPU that overheated, an NCCL timeout of 600 s, a malloc's OOM.
        assert "root_cause:gpu-overheating" in self.suggest("the GPUs were overheating at 92C")
        assert "symptom:nccl-timeout" in self.suggest("an NCCL timeout of 600 s on rank 12")
        assert "symptom:out-of-memory" in self.suggest("malloc failed: Cannot allocate memory")

    def test_a_cold_start_is_slow_loading_and_the_latency_it_causes(self):
        """The term is named "Slow model loading or cold start", yet "cold starts"
        suggested only Increased latency (two values held the alias; the first kept it).
        The tenth round's helpers expected slow loading, the shared sets' annotators the
        latency: both are offered."""
        found = self.suggest("Cold starts are killing us, new replicas take 4 minutes to serve")
        assert {"symptom:slow-model-loading", "symptom:increased-latency"} <= set(found)

    def test_the_users_own_code_at_fault(self):
        """The tenth round's helpers: "Xid 43 = GPU stopped processing, user app fault",
        "customer's custom kernel has an out-of-bounds write" and vLLM's "max seq len …
        is larger than the maximum number of tokens that can be stored in KV cache" (a
        setting too large for the memory; vLLM's worker.py) missed the user's own code or
        configuration; "a bug in the kernel module" is no one's own code."""
        for text in (
            "[eng] Xid 43 = GPU stopped processing, user app fault (their process was killed)",
            "Eng: customer's custom kernel has an out-of-bounds write, not the H100s",
            "ValueError: The model's max seq len (131072) is larger than the maximum number "
            "of tokens that can be stored in KV cache (43120).",
        ):
            assert "root_cause:user-code-or-configuration-error" in self.suggest(text), text
        found = self.suggest("a bug in the kernel module after we upgraded the CUDA driver")
        assert "root_cause:user-code-or-configuration-error" not in found
        assert "root_cause:firmware-or-driver-bug" in found

    def test_serving_engines_lines_and_words(self):
        """The tenth round's serving helper: vLLM's preemption warning names its batching
        scheduler (vLLM's optimization docs), SGLang's "Decode batch. #running-req" line
        the server and its scheduler (SGLang's hyperparameter tuning docs), "TRT-LLM" the
        inference server, and only serving batches requests or degrades its answers: the
        Inference workload comes with them."""
        found = self.suggest(
            "WARNING 03-14 09:12:44 scheduler.py:1089] Sequence group 8812 is preempted by "
            "PreemptionMode.RECOMPUTE mode because there is not enough KV cache space."
        )
        assert {"component:batching-scheduler", "workload:inference"} <= set(found)
        found = self.suggest(
            "[2024-09-11 03:22:17 TP0] Decode batch. #running-req: 212, #token: 480211, "
            "token usage: 0.98, gen throughput (token/s): 3112.54, #queue-req: 1893"
        )
        assert {"component:inference-server", "workload:inference"} <= set(found)
        assert "component:inference-server" in self.suggest("new TRT-LLM image fails to start")
        found = self.suggest("a subset of users received gibberish with repeated tokens")
        assert {"symptom:degraded-output-quality", "workload:inference"} <= set(found)

    def test_a_guess_corrected_later_in_the_text(self):
        """The tenth round's tickets: "we suspect broken GPUs. … note: it was actually GPU
        memory exhaustion" suggested a faulty GPU: the correction came in a later line."""
        found = self.suggest(
            "cuDNN error: CUDNN_STATUS_NOT_INITIALIZED when running the tensorflow "
            "container. we suspect broken GPUs.\n\nnote: it was actually GPU memory "
            "exhaustion - TF grabs all memory by default"
        )
        assert "root_cause:faulty-gpu" not in found
        found = self.suggest(
            "We initially suspected a network issue because NCCL timeouts were reported "
            "across many ranks, but it turned out a single GPU had fallen off the bus"
        )
        assert {"symptom:nccl-timeout", "symptom:gpu-fell-off-the-bus"} <= set(found)

    def test_an_eleventh_rounds_misreadings(self):
        """An eleventh round of blind helpers (platform SRE, HPC forums): "Insufficient
        nvidia.com/gpu" while the device plugin crash-loops (two helpers, independently)
        suggested capacity exhaustion; "sbe count climbing, no dbe yet" lost the ECC error
        the single-bit errors are; "gpu nodes keep flapping notready/ready" suggested a
        link flapping; a sidecar's CPU throttling suggested throttled requests."""
        found = self.suggest(
            'nvidia-device-plugin pod in CrashLoopBackOff on the new nodes: "could not load '
            'NVML library: libnvidia-ml.so.1: cannot open shared object file". workload pods '
            "stuck Pending with 0/12 nodes are available: 12 Insufficient nvidia.com/gpu."
        )
        assert "root_cause:capacity-exhaustion" not in found
        assert "component:gpu-device-plugin" in found
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "0/12 nodes are available: 12 Insufficient nvidia.com/gpu."
        )
        assert "symptom:ecc-error" in self.suggest("sbe count climbing on GPU 3, no dbe yet")
        # A part ruled out is ruled out by any of its names.
        found = self.suggest(
            "not the device plugin, it's healthy. nvidia-device-plugin-daemonset pods all "
            "Running 1/1, allocatable nvidia.com/gpu=8 on every node."
        )
        assert "component:gpu-device-plugin" not in found
        found = self.suggest("gpu nodes keep flapping notready/ready, kubelet says PLEG unhealthy")
        assert "symptom:network-link-flapping" not in found
        assert "symptom:network-link-flapping" in self.suggest("ib link flapping on leaf-07")
        found = self.suggest(
            "istio sidecar added 400ms to p99 for the vllm endpoints, envoy was doing mTLS on "
            "every request and CPU limit on the sidecar was 100m -> throttling"
        )
        assert "symptom:requests-throttled" not in found

    def test_a_bmcs_event_log_names_a_failed_server_part(self):
        """Three blind helpers pasted `ipmitool sel` rows of a power supply that failed, a
        CPU's IERR and a DIMM's uncorrectable ECC: each is a server part other than the
        GPUs that failed (ipmitool's ipmi_sel.h names these events)."""
        for row in (
            "  1a | 03/02/2024 | 14:22:10 | Power Supply PSU2_Status | Failure detected () | "
            "Asserted",
            "  4f | 05/11/2024 | 02:01:33 | Processor CPU1_Status | IERR | Asserted",
            "  50 | 05/11/2024 | 02:01:33 | Memory #0x87 | Uncorrectable ECC | Asserted",
        ):
            assert "root_cause:host-component-failure" in self.suggest(row), row
        found = self.suggest(
            "  51 | 05/11/2024 | 02:01:40 | Memory #0x87 | Correctable ECC | Asserted"
        )
        assert "root_cause:host-component-failure" not in found

    def test_a_node_group_at_its_maximum_and_a_row_remap_pending(self):
        """Blind helpers: the cluster autoscaler's "max node group size reached"
        (kubernetes/autoscaler's skippedreasons.go) is the autoscaler out of capacity;
        DCGM's DCGM_FI_DEV_ROW_REMAP_PENDING and "pending row remapping" are faulty GPU
        memory (NVIDIA's A100 memory error management)."""
        found = self.suggest(
            "I0314 09:12:44.118590       1 scale_up.go:300] Skipping node group "
            "eks-gpu-a100 - max node group size reached"
        )
        assert {"component:autoscaler", "root_cause:capacity-exhaustion"} <= set(found)
        found = self.suggest(
            "DCGM health check: GPU 5 on node a100-pool-12 has pending row remapping, "
            "DCGM_FI_DEV_ROW_REMAP_PENDING=1. cordoned and drained"
        )
        assert {"component:gpu-memory-hbm", "root_cause:gpu-memory-fault"} <= set(found)

    def test_a_size_in_brackets_and_nodes_times_gpus(self):
        """The eleventh round's HPC helper: "training job (2048 GPUs) hang" gave no scale;
        "16 nodes x 8 GPUs hang in allreduce" suggested an Xid error (by meaning, from
        "x 8": an Xid now needs its own word, NVRM, or the kernel log)."""
        found = self.suggest("training job (2048 GPUs) hang")
        assert "scale:1k-10k" in found
        found = self.suggest("16 nodes x 8 GPUs hang in allreduce")
        assert "symptom:xid-error" not in found
        assert "symptom:xid-error" in self.suggest("NVRM: Xid (PCI:0000:3b:00): 79, pid=0")

    def test_a_long_clause_read_by_meaning_shows_the_words_it_shares(self):
        """Three rounds of blind helpers could not tell why a chip read by meaning fired
        when it showed a whole clause of 100 characters or more: it now shows the stretch
        from the first to the last word the value's own texts share (at most 100)."""
        found = self.suggest(
            "inference latency p99 went from 800ms to 9s after we deployed the new model "
            "version on the managed endpoint"
        )
        read = [item for item in found.values() if item["how"] == "meaning"]
        assert read and all(len(item["matched"]) <= 100 for item in read), read

    def test_a_fix_written_down_names_what_was_broken(self):
        """A twelfth round of blind helpers: engineers write the fix, not the cause
        ("replaced 14 transceivers … link flaps stopped", "RMA whole tray"); these got
        no root cause. A fix that did not help names nothing."""
        cable = "root_cause:network-link-or-cable-fault"
        for text in (
            "replaced 14 QSFP112 transceivers on leaf-22 after symbol errs climbing on "
            "ibdiagnet. link flaps stopped.",
            "mlxlink shows raw BER way over threshold. cleaned MPO connectors, BER back to E-15",
            "no light on the transciever. replaced with new OSFP, link up Active 400G.",
            "perfquery shows LinkDownedCounter incrementing, reseated the cable, rest of the "
            "fabric clean",
        ):
            assert self.suggest(text)[cable]["how"] == "meaning", text
        assert cable not in self.suggest("replaced the cable, didn't help, still flapping")
        found = self.suggest(
            "GPU burn test: 3 of 8 GPUs silently producing wrong matmul results. RMA whole tray."
        )
        assert "root_cause:faulty-gpu" in found

    def test_a_gpu_named_by_its_index_is_the_part_at_fault(self):
        """ "GPU 6 reports 'GPU requires reset' after Xid 95" named one GPU; the word
        "GPU" was set aside as the setting because the Xid is more particular."""
        found = self.suggest("GPU 6 reports 'GPU requires reset' after Xid 95 uncontained ECC")
        assert found["component:gpu"]["matched"] == "GPU"
        assert "component:gpu" in self.suggest("dcgmi diag -r 3 fails memory test on GPU5")
        # The GPUs as the setting stay set aside.
        assert "component:gpu" not in self.suggest("ECC errors on the GPU nodes again")
        assert "component:gpu" not in self.suggest("ECC errors on 8 GPU nodes again")

    def test_a_links_training_is_a_pcie_error_not_the_workload(self):
        """ "PCIe Training Error" and "trained at Gen4 x8" were read as the Training
        workload, and no PCIe error was suggested."""
        found = self.suggest("stuck in POST, BMC shows 'PCIe Training Error' on slot 5")
        assert "symptom:pcie-error" in found
        assert "workload:training" not in found
        found = self.suggest(
            "ib_write_bw only gets 180 Gb/s, turned out PCIe on those hosts was trained at "
            "Gen4 x8 instead of Gen5 x16 after a BIOS update"
        )
        assert "symptom:pcie-error" in found
        assert "workload:training" not in found

    def test_a_hot_gpu_by_its_temperature_or_the_rooms_cooling(self):
        """A GPU at 92 °C, or clocks throttled while the room's cooling failed, is an
        overheating GPU; a GPU under 70 °C or clocks capped for power is not."""
        heat = "root_cause:gpu-overheating"
        assert heat in self.suggest("Thermal event: GPU4 hit 92C, pulled node, repasted")
        assert heat in self.suggest(
            "CRAC-3 tripped on high head pressure, cold aisle hit 34C inlet. H100 nodes "
            "started clock throttling, training tput dropped 40%"
        )
        assert heat not in self.suggest("ruled out thermals, all gpus under 70C, still slow")
        assert heat not in self.suggest(
            "set nvidia-smi -pl 500 across the fleet, clocks throttled, inlet temps normal"
        )

    def test_a_standby_that_did_not_take_over(self):
        """Failed failover said without its name: "clients didn't fail over", "the
        standby had a stale config"."""
        failover = "contributing_factor:failed-failover"
        assert failover in self.suggest(
            "LNet router lnet-rtr-02 crashed and clients didn't fail over to rtr-01"
        )
        assert failover in self.suggest(
            "Subnet manager failover took ~90s. opensm on the standby had a stale config."
        )

    def test_a_rate_that_halved_without_a_number(self):
        """ "throughput halved", "tput dropped 40%": no training throughput drop was read
        without a rate word it knew or a share."""
        drop = "symptom:training-throughput-drop"
        assert drop in self.suggest("Training throughtput halved overnight.")
        assert drop in self.suggest("Gradient all-reduce perf halved after someone set NCCL_ALGO")
        assert drop in self.suggest("training tput dropped 40% since tuesday")

    def test_twelfth_rounds_lines_and_service_names(self):
        """Log lines and names a twelfth round of blind helpers pasted: the kernel's
        OOM killer is host memory, CUDA's out of memory the GPU's, a Lustre NID the file
        system; triton-server and an embedding service are serving; a checkpoint that
        failed belongs to training; memory "growing unbounded" leaks."""
        found = self.suggest(
            "dmesg says Out of memory: Killed process 33122 (pt_main_thread) total-vm:1.2TB"
        )
        assert found["component:host-cpu-and-memory"]["how"] == "signature"
        found = self.suggest(
            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
        )
        assert found["component:gpu-memory-hbm"]["how"] == "signature"
        assert "component:shared-file-system" in self.suggest(
            "lnet: Route to 10.21.0.0@o2ib is down"
        )
        found = self.suggest("Back-off restarting failed container triton-server")
        assert {"component:inference-server", "workload:inference"} <= set(found)
        assert "workload:inference" in self.suggest(
            "Throughput on the embedding service dropped 50%"
        )
        assert "workload:training" in self.suggest("another checkpoint failure on the 70B run")
        assert "root_cause:memory-leak" in self.suggest("the tokenizer cache was growing unbounded")

    def test_a_denial_without_its_apostrophe_and_a_first_guess(self):
        """ "wasnt the HCAs, all ConnectX-7 …" suggested the NIC it ruled out; "on-call
        first assumed a bad HBM stack" suggested the fault the text had denied."""
        found = self.suggest("link flaps stopped. wasnt the HCAs, all ConnectX-7 fw same rev.")
        assert "component:nic" not in found
        found = self.suggest(
            "job OOM'd but it wasn't hardware - someone bumped microbatch from 2 to 4. just "
            "noting it because on-call first assumed a bad HBM stack."
        )
        assert "root_cause:gpu-memory-fault" not in found
        # A first guess the text never revises stands.
        assert "component:nic" in self.suggest("we first suspected the NIC and it was the NIC")

    def test_gpus_missing_by_count_and_a_machines_trouble_counted(self):
        """ "nvidia-smi shows only 7 GPUs" and NHC's "GPU count 7 != 8" gave no GPU not
        visible; "it's the second time this month" of a node no repeat offender (a
        preempted job's "third time this week" is none)."""
        missing = "symptom:gpu-not-visible"
        assert missing in self.suggest("A100 node, nvidia-smi shows only 7 GPUs. lspci sees 8")
        assert missing in self.suggest(
            "NHC failing: 'nvidia-smi returned non-zero, GPU count 7 != 8'"
        )
        assert missing not in self.suggest("NHC: GPU count 8 != 8 is fine")
        repeat = "contributing_factor:repeat-offender-nodes"
        assert repeat in self.suggest(
            "A100 node, Xid 62 micro-controller halt. after reboot back to 8, it's the second "
            "time this month"
        )
        assert repeat not in self.suggest(
            "the scheduler preempted our job for a reservation, third time this week"
        )

    def test_a_port_flapping_on_a_node_and_gpus_counted_lost(self):
        """ "ib port on node 44 flapping" was read as a node's state; "EPO'd the rack, 16
        GPUs lost" as GPUs fallen off the bus."""
        assert "symptom:network-link-flapping" in self.suggest(
            "ib port on node 44 flapping, everything crawls"
        )
        assert "symptom:network-link-flapping" not in self.suggest(
            "gpu nodes keep flapping notready/ready"
        )
        assert "symptom:gpu-fell-off-the-bus" not in self.suggest(
            "leak on the CDU manifold, EPO'd the rack, 16 GPUs lost. job restarted"
        )

    def test_a_part_given_as_the_root_cause_and_an_age_that_is_not_hardwares(self):
        """ "root cause: Lustre OSTs hung" gave no storage failure; "ckpt was 2h old" read
        as hardware ageing; a hang that ended in a timeout is no hang without error."""
        assert "root_cause:storage-system-failure" in self.suggest(
            "Slurm drained 22 nodes overnight. root cause: Lustre OSTs hung after an OSS panic"
        )
        assert "root_cause:hardware-ageing" not in self.suggest(
            "cluster lost power in one hall, about 600 nodes rebooted. ckpt was 2h old"
        )
        assert "root_cause:hardware-ageing" in self.suggest("old hardware failing more and more")
        assert "symptom:job-hang-without-error" not in self.suggest(
            "rank 0 got SIGKILL'd. other ranks then hang in NCCL until the timeout"
        )

    def test_a_cache_hit_rate_is_no_error_rate(self):
        """ "cache hit rate went to 0%" was read by meaning as an elevated error rate."""
        found = self.suggest(
            "TTFT regression of ~3x after upgrading vLLM 0.4 -> 0.5. prefix caching got "
            "disabled by default in our config, cache hit rate went to 0%"
        )
        assert "symptom:elevated-error-rate" not in found
        assert "symptom:elevated-error-rate" in self.suggest(
            "error rate went to 12% after the deploy"
        )

    def test_what_was_checked_and_found_fine(self):
        """ "checked everything on the optic side, DDM levels fine" suggested the optic it
        cleared; what a check found wrong still counts."""
        found = self.suggest(
            "checked everything on the optic side, DDM levels fine, no CRC. the flapping port "
            "was actually a bad port on the switch ASIC"
        )
        assert "component:optical-transceiver" not in found
        assert "component:network-switch" in found
        assert "component:optical-transceiver" in self.suggest(
            "checked the optics and found two dirty ones"
        )

    def test_a_status_pages_failed_requests_and_healthy_gpus(self):
        """A status page's "a subset of requests … failed or timed out due to a capacity
        shortage" gave neither the error rate nor the exhaustion; "pods and GPUs healthy the
        entire time" was read by meaning as a health check."""
        found = self.suggest(
            "customer update: Between 18:40 and 19:25 UTC a subset of requests to the image "
            "generation API failed or timed out due to a capacity shortage in one region."
        )
        assert {"symptom:elevated-error-rate", "root_cause:capacity-exhaustion"} <= set(found)
        assert "symptom:elevated-error-rate" in self.suggest("~40% of requests timed out")
        found = self.suggest(
            "load balancer (L4, metallb) lost BGP session with the ToR after a switch reboot, "
            "inference VIP was unreachable for ~12 min. pods and GPUs healthy the entire time"
        )
        assert "component:health-check" not in found

    def test_a_cloud_instance_type_names_its_accelerator(self):
        """A thirteenth round of blind helpers named the GPU only through the cloud's
        instance type in eight texts ("a2-ultragpu-8g", "p4d node", "p5.48xlarge",
        "NDv5") and a chip by its family's short name ("mi300", "v4-32"); none gave the
        accelerator. A severity written like an instance family ("P3 incident") is none."""
        for text, value in (
            ("ZONE_RESOURCE_POOL_EXHAUSTED: not enough resources (a2-ultragpu-8g)", "a100"),
            ("Xid 48 double bit ECC error on gpu 3 of p4d node", "a100"),
            ("We currently do not have sufficient p5.48xlarge capacity", "h100"),
            ("our a3-highgpu spot nodes keep getting reclaimed", "h100"),
            ("Azure scheduled event Redeploy on an NDv5 node", "h100"),
            ("amd gpu keep resetting mi300", "mi300x"),
            ("XlaRuntimeError: RESOURCE_EXHAUSTED on v4-32 while training", "tpu-v4"),
        ):
            assert f"accelerator:{value}" in self.suggest(text), text
        found = self.suggest("P3 incident: the router sent traffic to the wrong pool")
        assert not [key for key in found if key.startswith("accelerator:")]

    def test_hardware_that_kept_working_slowly(self):
        """A thirteenth round of blind helpers described fail-slow hardware in six texts
        (a straggler node, clocks stuck at 300 MHz, a degraded ICI link, a straggler
        swapped out) and got no *Fail-slow hardware*; a straggler denied gives none."""
        for text in (
            "alert only fired for a full drop, not a 30% slowdown caused by one straggler node",
            "the straggler was a GPU stuck at 300 MHz clocks",
            "one host with a degraded ICI link, reducing all-reduce bandwidth by 60%",
            "found the straggler, swapped the node out and step time went back to normal",
            "xGMI link errors between GPU0 and GPU5, all_reduce_perf bandwidth down to 180 "
            "GB/s from ~330",
        ):
            assert "root_cause:fail-slow-hardware" in self.suggest(text), text
        found = self.suggest("it was not a straggler node, the data loader was slow")
        assert "root_cause:fail-slow-hardware" not in found

    def test_the_classifiers_word_weights_ignore_the_setting_kinds_names(self):
        """Cloud instance types added to the accelerators' aliases changed the classifier's
        word weights, and "it was 40C outside all week" no longer read as a heat wave: an
        accelerator's, workload's or organisation's new alias leaves the weights as they
        are."""
        from search.vocabulary import Vocabulary, vocabulary_rows

        rows, signatures, bands = vocabulary_rows()
        more = [
            (
                kind,
                slug,
                name,
                f"{aliases}\np9.96xlarge node instance"
                if kind in ("accelerator", "organisation")
                else aliases,
                description,
                phrasings,
            )
            for kind, slug, name, aliases, description, phrasings in rows
        ]
        before = Vocabulary(rows, signatures, bands).semantic.token_weights
        after = Vocabulary(more, signatures, bands).semantic.token_weights
        assert (before == after).all()
        found = self.suggest(
            "optics look fine. the port flaps come from the switch firmware resetting the ASIC"
        )
        assert "root_cause:firmware-or-driver-bug" in found

    def test_hot_weather_outside_is_a_heat_wave(self):
        """ "it was 40C outside all week" read as a heat wave only narrowly by the
        classifier, and stopped with any change to the vocabulary's words; it is now read
        by rule, Fahrenheit too, and a mild day is none."""
        found = self.suggest(
            "it was 40C outside all week and the chillers could not keep up, GPUs throttled"
        )
        assert "contributing_factor:heat-wave" in found
        assert "contributing_factor:heat-wave" in self.suggest(
            "outside temp hit 104F and the CRACs tripped"
        )
        found = self.suggest("it was 20C outside, mild day, GPUs hit 90C anyway")
        assert "contributing_factor:heat-wave" not in found

    def test_a_symptom_read_by_rule_implies_its_workload(self):
        """Only training has a step time: a throughput drop read by rule from a metric
        that moved ("iteration time crept up from 9 s to 14 s") implied no Training
        workload, though the same symptom named outright did."""
        found = self.suggest("iteration time crept up from 9 s to 14 s over the week")
        assert found["symptom:training-throughput-drop"]["how"] == "meaning"
        assert "workload:training" in found

    def test_what_only_a_training_job_does_names_the_workload(self):
        """A step counted, a collective that syncs gradients, torchrun, a job resumed from
        its checkpoint: nine texts of a thirteenth round of blind helpers got no Training
        workload. Serving's all-reduce and a collective's benchmark are not training."""
        for text in (
            "caused the loss to diverge at step 184,300",
            "a PDU breaker tripped, taking down 32 nodes (256 GPUs) mid-step",
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=881234, "
            "OpType=ALLREDUCE, Timeout(ms)=600000)",
            "trainer pods CrashLoopBackOff: torch.distributed.DistNetworkError",
        ):
            assert "workload:training" in self.suggest(text), text
        for text in (
            "vLLM tensor parallel all-reduce hangs on 8 GPUs",
            "I used nccl-tests to evaluate the allreduce performance between two nodes",
            "crashes the GPU worker with CUDA_ERROR_ILLEGAL_ADDRESS at step 0/25",
        ):
            assert "workload:training" not in self.suggest(text), text

    def test_machines_the_cloud_took_back_or_found_broken(self):
        """Preempted and reclaimed instances, TPU slices and spot nodes are lost capacity;
        an instance whose status check failed or that is scheduled for retirement is a
        failed node. vLLM preempting a sequence is its scheduler, not lost capacity."""
        for text in (
            "GCE: Instance was preempted",
            "our spot nodes keep getting reclaimed during the run",
            "spot TPU v4-128 got preempted 3 times in 6 hours",
            "host maintenance for node gke-a3-5f2c, onHostMaintenance=TERMINATE",
        ):
            assert "symptom:capacity-loss" in self.suggest(text), text
        found = self.suggest("WARNING Sequence group 12 is preempted by PreemptionMode.RECOMPUTE")
        assert "symptom:capacity-loss" not in found
        for text in (
            "trn1 instance status check failed (impaired) mid-training",
            "EC2 instance scheduled for retirement due to degradation of the hardware",
            "a breaker tripped, taking down 32 nodes",
            "LeakDetected on compute tray 11, tray auto powered off",
        ):
            assert "symptom:node-failure" in self.suggest(text), text

    def test_a_job_restarted_from_its_checkpoint_had_died(self):
        """ "Job restarted from checkpoint 3 hours old", Slurm's "CANCELLED … DUE TO NODE
        FAILURE" and a power event that "kills a training run" named no job crash; a job
        resumed after a planned stop did not crash."""
        for text in (
            "node drained and RMA'd. Job restarted from checkpoint 3 hours old.",
            "slurmstepd: error: *** JOB 4471823 ON node-a1-07 CANCELLED AT "
            "2024-06-11T08:42:13 DUE TO NODE FAILURE, Node=node-a1-07 ***",
            "what usually causes a rack-wide power event to kill a training run",
        ):
            assert "symptom:job-crash" in self.suggest(text), text
        found = self.suggest("after the planned maintenance we resumed from the last checkpoint")
        assert "symptom:job-crash" not in found

    def test_devices_a_workload_cannot_use_and_what_a_node_lacks(self):
        """From a thirteenth round of blind helpers (Kubernetes, TPU, Trainium and AMD
        fleets): a device held by another process, a driver whose probe failed, zero
        allocatable GPUs; a driver not loaded or kernel headers missing; a queued resource
        waiting and a pod that triggered no scale-up; XLA's out-of-memory line; a busy
        TPU is no faulty TPU."""
        found = self.suggest(
            "jax._src.xla_bridge: Unable to initialize backend 'tpu': ABORTED: The TPU is "
            "already in use by process with pid 3321. Not attempting to load libtpu.so"
        )
        assert "symptom:gpu-not-visible" in found
        assert "root_cause:faulty-tpu" not in found
        for text in (
            "dmesg shows amdgpu 0000:0c:00.0: amdgpu: probe of 0000:0c:00.0 failed with error -12",
            "kubectl describe node gpu-7: nvidia.com/gpu capacity 8 allocatable 0",
            "nrt_allocate_neuron_cores  Neuron cores are in use by another process, pid 1423",
        ):
            assert "symptom:gpu-not-visible" in self.suggest(text), text
        for text in (
            "OCI runtime create failed: nvidia-container-cli: initialization error: nvml "
            "error: driver not loaded: unknown",
            "nvidia-driver-daemonset stuck, kernel headers missing for 6.8.0-1015-gcp",
        ):
            assert "root_cause:missing-node-software" in self.suggest(text), text
        for text in (
            "queued resource for v5p-256 stuck in WAITING_FOR_RESOURCES for 14 hours",
            "cluster-autoscaler: pod didn't trigger scale-up: 2 max node group size reached",
        ):
            assert "symptom:jobs-stuck-pending" in self.suggest(text), text
        found = self.suggest(
            "XlaRuntimeError: RESOURCE_EXHAUSTED: Attempting to allocate 3.21G. That was not "
            "possible. There are 1.87G free.; (0x0x0_HBM0)"
        )
        assert found["symptom:out-of-memory"]["how"] == "signature"

    def test_a_gpu_that_failed_is_the_part_not_the_setting(self):
        """ "GPU has fallen off the bus", "MI300X GPUs reset", "GPUs stuck in D state":
        the GPU is what failed, so it is suggested beside what is particular; a GPU that
        only says where ("ECC errors on the GPU nodes") stays the setting."""
        for text in (
            "dcgm-exporter shows DCGM_FI_DEV_XID_ERRORS=79, GPU has fallen off the bus",
            "The MI300X GPUs reset after a firmware bug in the amdgpu driver",
            "node drained, Reason=Kill task failed. GPUs stuck in D state, nvidia-smi hangs",
        ):
            assert "component:gpu" in self.suggest(text), text
        assert "component:gpu" not in self.suggest("ECC errors on the GPU nodes again")

    def test_a_jobs_size_in_chips_and_slices(self):
        """ "across the whole 2048-chip job" and "the whole 256-chip slice" gave no Scale."""
        found = self.suggest("a degraded ICI link slowed the whole 2048-chip job")
        assert "scale:1k-10k" in found
        found = self.suggest("GKE node auto-repair took the whole 256-chip slice down")
        assert "scale:under-1k" in found

    def test_a_formal_postmortems_causes_and_factors(self):
        """From a thirteenth round of blind helpers' postmortem excerpts: automation that
        scaled down or killed what was needed, a person's command with the wrong argument,
        checkpoints deleted, a diagnosis that took days, a failover that did not trigger,
        every rank waiting on one, a job crawling. Automation following a spot
        interruption is not faulty."""
        for text, value in (
            (
                "16:48 identified the autoscaler had scaled down to min replicas after a "
                "metrics scrape failure",
                "root_cause:faulty-automation",
            ),
            (
                "Trigger: an operator ran a cleanup script with the wrong prefix",
                "root_cause:operator-error",
            ),
            (
                "deleting 14 of the most recent checkpoints from the bucket",
                "symptom:checkpoint-failure",
            ),
            (
                "fsx lustre csi driver timeout, checkpoint writes hanging every 30 min",
                "symptom:checkpoint-failure",
            ),
            (
                "Throughput dropped 15% but the job kept running; it took 3 days to find.",
                "contributing_factor:slow-manual-diagnosis",
            ),
            (
                "failover to the second region did not trigger",
                "contributing_factor:failed-failover",
            ),
            (
                "one host shows 'ICI link down', other workers just wait on collective",
                "contributing_factor:synchronous-training",
            ),
            (
                "xid 74 nvlink on gpu2, job crawling at 1/3 speed",
                "symptom:training-throughput-drop",
            ),
        ):
            assert value in self.suggest(text), text
        found = self.suggest(
            "spot interruption notice received, karpenter disrupting node, 3 replicas evicted"
        )
        assert "root_cause:faulty-automation" not in found
        found = self.suggest("lost 2h of training because the checkpoint interval was 4h")
        assert "symptom:checkpoint-failure" not in found

    def test_more_words_for_a_service_and_a_part(self):
        """A thirteenth round of blind helpers: a served model named only by its gateway or
        API (migration 0022), retired pages, an NVSwitch fatal error, a coolant leak, a
        mis-seated NVLink bridge; timeouts that happened are no timeout set wrong."""
        for text, value in (
            (
                "A certificate on the internal model gateway expired at 00:00 UTC",
                "workload:inference",
            ),
            ("We experienced a partial outage of the Assistants API.", "workload:inference"),
            (
                "rocm-smi --showretiredpages lists 47 retired pages on card 2",
                "root_cause:gpu-memory-fault",
            ),
            ("fabric manager logs 'NVSwitch fatal error'", "root_cause:nvlink-fault"),
            ("Redfish event 'LeakDetected' on compute tray 11", "component:cooling-system"),
            (
                "it was in fact a mis-seated NVLink bridge on node gpu-0417",
                "root_cause:nvlink-fault",
            ),
        ):
            assert value in self.suggest(text), text
        found = self.suggest(
            "not a bug in NCCL 2.21, we pinned back to 2.19 and same thing. timeouts only on "
            "jobs that span both pods of the cluster, i.e. cross the spine"
        )
        assert "contributing_factor:mistuned-timeouts" not in found

    def test_what_an_alarm_or_a_first_look_claimed_is_set_aside(self):
        """Every forbidden chip of a fourteenth round's security texts came from a text
        saying there was no attack: "Looked like a DDoS … Not an attack", "Initially
        flagged as DDoS by security but traffic came from our mobile app", "we thought the
        GPUs were being cryptojacked … but it was a zombie training job", "Cryptominer
        alert false positive". An attack said outright is still one, and what a guess
        says about where stays ("on the /v1/chat/completions endpoint")."""
        found = self.suggest(
            "Looked like a DDoS on the /v1/chat/completions endpoint, 40x normal RPS. Turned "
            "out to be our own SDK retry storm. Not an attack."
        )
        assert "root_cause:denial-of-service-attack" not in found
        assert {"workload:inference", "contributing_factor:retry-storm"} <= set(found)
        for text, value in (
            (
                "inference API down for 2h. Initially flagged as DDoS by security but traffic "
                "came from our mobile app after a release",
                "root_cause:denial-of-service-attack",
            ),
            (
                "we thought the GPUs were being cryptojacked (util at 100% overnight) but it "
                "was a zombie training job from a preempted Slurm allocation that never got "
                "killed",
                "symptom:cryptomining",
            ),
            (
                "Cryptominer alert false positive: the 'stratum' string matched was in a "
                "dataset file. ignore.",
                "symptom:cryptomining",
            ),
        ):
            assert value not in self.suggest(text), text
        found = self.suggest(
            "we thought the GPUs were being cryptojacked but it was a zombie training job "
            "from a preempted Slurm allocation that never got killed"
        )
        assert "symptom:out-of-memory" not in found
        found = self.suggest("the DDoS took the API down for an hour")
        assert "root_cause:denial-of-service-attack" in found
        assert "symptom:cryptomining" in self.suggest("xmrig found running on 12 GPU nodes")

    def test_a_servers_rate_and_a_links_zero_errors(self):
        """ "tokens/s per gpu dropped ~35% after we enabled prefix caching" is a server's
        throughput, not training's; an all-reduce in a serving deployment is no training;
        "zero errors on all ports" shows no link errors, and a link trained below its rate
        behind the slowness is fail-slow hardware; a string matched or an MTU mismatch is no
        version mismatch."""
        found = self.suggest(
            "tokens/s per gpu dropped ~35% after we enabled prefix caching?? batch sizes look "
            "the same"
        )
        assert "symptom:inference-throughput-drop" in found
        assert not {"symptom:training-throughput-drop", "workload:training"} & set(found)
        found = self.suggest(
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48211, "
            "OpType=ALLREDUCE, Timeout(ms)=600000) (TP=8 on the 405b deployment)"
        )
        assert "workload:training" not in found
        found = self.suggest(
            "not the fabric - ibdiagnet came back clean, zero errors on all ports. Turned out "
            "the all-reduce slowness was one node with GPU 3 PCIe link trained at Gen4 x8 "
            "instead of Gen5 x16"
        )
        assert "symptom:infiniband-link-errors" not in found
        assert "root_cause:fail-slow-hardware" in found
        found = self.suggest(
            "we suspected a hot spine switch but the link counters were clean; the real "
            "problem was the MTU mismatch (9000 vs 1500) after a network change"
        )
        assert "root_cause:version-mismatch" not in found

    def test_an_attack_a_leak_or_a_vulnerability_is_a_security_incident(self):
        """A fourteenth round of blind helpers (security responders) missed the Security
        workload 35 times: an attack, a vulnerability or a leak is its definition, so the
        values that name one imply it; the workload's own words came by migration 0023.
        More words for an exposed service, a leaked key, exfiltration, pickled weights,
        a poisoned release and ML dashboards; a session's auth that went away left
        nothing open."""
        for text, values in (
            (
                "MLflow tracking server exposed w/o auth on 5000, attacker used the path "
                "traversal CVE to read /root/.aws/credentials",
                {
                    "component:ml-platform-dashboard",
                    "root_cause:insecure-configuration",
                    "workload:security",
                },
            ),
            (
                "AWS_SECRET_ACCESS_KEY leaked in the docker image layer, image was public",
                {"root_cause:stolen-credentials", "workload:security"},
            ),
            (
                "torch.load(weights_only=False) on an untrusted checkpoint = arbitrary code exec",
                {"root_cause:unsafe-deserialisation", "workload:security"},
            ),
            (
                "compromised version of a plugin on pypi had a postinstall that uploaded env vars",
                {"root_cause:supply-chain-compromise", "workload:security"},
            ),
            (
                "L7 flood against the embeddings endpoint from ~3k residential IPs",
                {"root_cause:denial-of-service-attack", "workload:security"},
            ),
            (
                "GuardDuty finding: CryptoCurrency:EC2/BitcoinTool.B!DNS on i-0a3f9c2e1b7d",
                {"symptom:cryptomining", "workload:security"},
            ),
        ):
            found = self.suggest(text)
            assert values <= set(found), (text, values - set(found))
        found = self.suggest(
            "retries are capped at 2 w/ jitter so no retry storm; the API gateway just fell "
            "over when the redis that backs session auth went away"
        )
        assert "root_cause:insecure-configuration" not in found
        assert "workload:security" not in found

    def test_an_hpc_admins_lines_and_a_researchers_sizes(self):
        """A fourteenth round of blind helpers (HPC administrators, researchers): nvidia-smi's
        pending row remap is a GPU memory fault in its HBM; GPFS expelling a node is a
        storage failure; links stuck in Polling lost connectivity; Slurm's OOM-killed step
        tasks and a run restarted four times are job crashes; "256xH100" and "2k-GPU
        llama pretrain run" give the job's size ("8xA100 machine" is one machine); a
        training run names no model server."""
        found = self.suggest(
            "nvidia-smi -q on gpu-b22 GPU 5: Remapped Rows -> Correctable Error : 0, "
            "Uncorrectable Error : 2, Pending : Yes"
        )
        assert {"root_cause:gpu-memory-fault", "component:gpu-memory-hbm"} <= set(found)
        for text, value in (
            (
                "mmfs: Expelling node gpu-c04 (10.40.3.4) because of lease timeout",
                "root_cause:storage-system-failure",
            ),
            (
                "6 of 32 nodes came up with links stuck in Polling",
                "symptom:network-connectivity-loss",
            ),
            (
                "slurmstepd: error: Detected 1 oom_kill event in StepId=481223.0. Some of the "
                "step tasks have been OOM Killed.",
                "symptom:job-crash",
            ),
            ("Loss spikes to ~12 on our 7B run (FSDP, bf16, 256xH100)", "scale:under-1k"),
            ("2k-GPU llama pretrain run restarted 4 times overnight", "scale:1k-10k"),
            ("2k-GPU llama pretrain run restarted 4 times overnight", "symptom:job-crash"),
        ):
            assert value in self.suggest(text), (text, value)
        found = self.suggest("2k-GPU llama pretrain run restarted 4 times overnight")
        assert "component:inference-server" not in found
        found = self.suggest("Had the same issue on my 8xA100 machine")
        assert not [key for key in found if key.startswith("scale:")]

    def test_a_guess_about_a_symptom_keeps_the_symptom(self):
        """ "we thought the loss spike was an lr issue …, it turned out to be a few docs in
        the web crawl" set the loss spike aside with the guess about its cause (a
        fourteenth round of blind helpers); the guessed cause is still set aside."""
        found = self.suggest(
            "we thought the loss spike was an lr issue (lowered peak lr, still spikes), it "
            "turned out to be a few docs in the web crawl with 30k repeated tokens"
        )
        assert "symptom:loss-spike" in found
        found = self.suggest(
            "we thought the NCCL timeout was the network, turned out to be a bad GPU"
        )
        assert "symptom:nccl-timeout" in found and "root_cause:faulty-gpu" in found
        found = self.suggest("we thought it was the IB fabric, turned out to be one bad gpu node")
        assert "component:infiniband-fabric" not in found

    def test_a_denial_after_a_comma_is_the_next_subjects(self):
        """ "on the roce fabric, DCQCN never kicks in" denied the RoCE fabric: a word
        between a value and "never" is the value's only within its clause (a fifteenth
        round of blind helpers)."""
        found = self.suggest(
            "ECN not marking at all on the roce fabric, DCQCN never kicks in so we get "
            "pause storms instead"
        )
        assert "component:roce-fabric" in found
        assert "component:nccl" not in self.suggest("NCCL never showed errors, the job hung")

    def test_a_loss_that_still_spikes_is_a_loss_spike(self):
        """ "loss still spikes every ~5k steps" suggested nothing (the name's words stand
        apart); a loss that never spiked is none."""
        found = self.suggest(
            "no hw errors in dmesg, no xids, gpus look healthy, loss still spikes every ~5k "
            "steps. ended up being the lr schedule + data ordering"
        )
        assert "symptom:loss-spike" in found
        assert "symptom:loss-spike" not in self.suggest(
            "the loss never spikes, it just slowly drifts up"
        )

    def test_a_mistake_told_in_everyday_words_is_an_operator_error(self):
        """A fifteenth round of blind helpers: a push "by mistake", someone's rm -rf,
        cables cross-wired, a dev box left up for weeks gave no *Operator error*."""
        for text in (
            "pushed new tokenizer config to prod by mistake, all the responses got truncated",
            "someone rm -rf'd the shared dataset dir on gpfs, no snapshots",
            "two HCAs cross-wired to wrong leaf ports, all-to-all bw halved",
            "aws bill came in 3x, someone left an 8x a100 dev box up for 3 weeks",
        ):
            assert "root_cause:operator-error" in self.suggest(text), text
        assert "root_cause:operator-error" not in self.suggest("the job has been up for 3 weeks")

    def test_a_parameter_changed_or_a_config_rolled_out_is_a_configuration_change(self):
        """ "someone changed max_model_len to 128k", "rolling out new envoy config", "the
        system prompt got changed in the same config deploy" (which "same config" read
        as nothing changed) gave no *Configuration change*; "bumped vllm 0.5.4 -> 0.6.3"
        is an upgrade, not a setting."""
        for text in (
            "vllm pods OOMKilled on startup cuz someone changed max_model_len to 128k",
            "rolling out new envoy config caused 503s on the model endpoint",
            "quality regression wasnt from the model update, the system prompt got changed "
            "in the same config deploy",
        ):
            assert "root_cause:configuration-change" in self.suggest(text), text
        found = self.suggest(
            "p99 latency went from 2s to 15s right after we bumped vllm 0.5.4 -> 0.6.3"
        )
        assert "root_cause:software-regression" in found
        assert "root_cause:configuration-change" not in found
        assert "root_cause:configuration-change" not in self.suggest(
            "same config as last week, but now it OOMs"
        )

    def test_what_a_denied_thing_came_from_is_denied_too(self):
        """ "slow training wasnt stragglers from the dataloader" suggested the data loader
        (a forbidden chip in a fifteenth round of blind helpers)."""
        found = self.suggest(
            "slow training wasnt stragglers from the dataloader, one node had a GPU stuck in "
            "low power state (P8) due to a PCIe link downtrained to Gen1"
        )
        assert "component:training-data-loader" not in found
        assert "component:nic" in self.suggest("the errors came from the NIC")

    def test_a_switch_that_rebooted_itself_failed(self):
        found = self.suggest(
            "tor switch rebooted itself (SONiC syncd crash), 32 GPU nodes lost network"
        )
        assert "root_cause:switch-failure" in found

    def test_a_servers_memory_training_is_no_training_workload(self):
        """ "stuck at memory training" (POST) gave the Training workload."""
        found = self.suggest(
            "after bios update to enable 2MB pages the nodes stopped POSTing, stuck at memory "
            "training, rolled back"
        )
        assert "workload:training" not in found
        assert "workload:training" in self.suggest("memory leak during training")

    def test_storage_that_filled_up_is_capacity_exhaustion(self):
        for text in (
            "no OOM, no NCCL errors, the job just froze during ckpt save bc the GPFS fileset "
            "hit its quota",
            "thought it was a bad OSS but it turned out the OST was 98% full",
            "inode quota hit on /scratch, cant even create tmp files",
        ):
            assert "root_cause:capacity-exhaustion" in self.suggest(text), text

    def test_status_codes_in_an_access_log_are_errors_and_throttling(self):
        """nginx's combined format puts the status after the request line; a 504 and a 429
        there gave neither chip."""
        found = self.suggest(
            '10.0.1.22 - - [04/Nov/2024:17:02:11 +0000] "POST /v1/completions HTTP/1.1" 504 '
            '167 "-" "python-requests/2.31.0" rt=60.001\n'
            '10.0.1.23 - - [04/Nov/2024:17:02:11 +0000] "POST /v1/chat/completions HTTP/1.1" '
            '429 112 "-" "openai-python/1.51.0" rt=0.002'
        )
        assert found["symptom:elevated-error-rate"]["how"] == "signature"
        assert found["symptom:requests-throttled"]["how"] == "signature"
        found = self.suggest(
            '10.0.1.22 - - [04/Nov/2024:17:02:11 +0000] "GET /health HTTP/1.1" 200 2 "-" '
            '"kube-probe/1.29"'
        )
        assert "symptom:elevated-error-rate" not in found

    def test_a_traceback_through_torch_save_is_a_checkpoint_failure(self):
        found = self.suggest(
            'Traceback (most recent call last):\n  File "/workspace/train.py", line 412, in '
            "<module>\n    torch.save(state_dict, path)\n  File "
            '"/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 652, in '
            "save\n    with _open_zipfile_writer(f) as opened_zipfile:\nOSError: [Errno 28] No "
            "space left on device"
        )
        assert found["symptom:checkpoint-failure"]["how"] == "signature"

    def test_a_switch_port_going_up_and_down_is_flapping(self):
        line = (
            "Jun  3 08:44:{} spine02 Ebra: %LINEPROTO-5-UPDOWN: Line protocol on Interface "
            "Ethernet12/1, changed state to {}"
        )
        text = "\n".join(
            line.format(s, state) for s, state in (("12", "down"), ("13", "up"), ("19", "down"))
        )
        assert "symptom:network-link-flapping" in self.suggest(text)
        assert "symptom:network-link-flapping" not in self.suggest(line.format("12", "down"))

    def test_facility_and_storage_words_name_their_parts(self):
        """Words a fifteenth round of blind helpers used for parts: a Lustre MDS, the hot
        aisle's airflow, row remapping, a checkpoint writer, a UPS on battery."""
        for text, value in (
            (
                "MDS getting hammered, every dataloader worker does os.listdir",
                "component:shared-file-system",
            ),
            ("fan wall airflow is blocked by a cable bundle", "component:cooling-system"),
            ("row remapping failures on several H100s, need to RMA", "component:gpu-memory-hbm"),
            (
                "step time goes up only when the checkpoint writer kicks in",
                "component:checkpoint-storage",
            ),
            ("UPS ups-hall-B2@localhost on battery", "root_cause:power-loss"),
        ):
            assert value in self.suggest(text), (text, value)
        assert "component:tokenizer-or-chat-template" not in self.suggest(
            "duplicate samples in tokenized dataset after reshard"
        )

    def test_what_a_hint_says_might_have_happened_did_not(self):
        """Ray's message when a node is marked dead lists what can cause it ("a raylet
        crashes unexpectedly (OOM, etc.)"): a fifteenth round of blind helpers got Out of
        memory from the list."""
        found = self.suggest(
            "The node with node id: 3f4e5d6c7b8a and address: 10.0.3.17 has been marked dead "
            "because the detector has missed too many heartbeats from it. This can happen "
            "when a (1) raylet crashes unexpectedly (OOM, etc.) (2) raylet has lagging "
            "heartbeats due to slow network or busy workload."
        )
        assert "symptom:out-of-memory" not in found
        assert "symptom:out-of-memory" in self.suggest("the raylet was OOM killed")

    def test_a_guess_drawn_from_what_only_looked_so_is_set_aside_whole(self):
        """ "thought it was a thermal issue because GPU temps looked high, but actually the
        firmware was reporting wrong temps" got GPU overheating (a forbidden chip): a guess
        with its subject left out, "but actually", and evidence that only looked so."""
        found = self.suggest(
            "thought it was a thermal issue because GPU temps looked high, but actually the "
            "firmware was reporting wrong temps after the update, real temps were fine"
        )
        assert "root_cause:gpu-overheating" not in found
        found = self.suggest(
            "we thought it was the network because NCCL timeouts were reported, but it was a "
            "bad GPU"
        )
        assert "symptom:nccl-timeout" in found

    def test_a_bucket_uri_is_object_storage(self):
        found = self.suggest(
            "CommandException: 1 file/object could not be transferred.\nCopying "
            "gs://training-data/c4/en/shard-00417-of-01024.arrayrecord...\n"
            "ResumableDownloadException: Transfer failed after 23 retries."
        )
        assert found["component:object-storage"]["how"] == "signature"

    def test_a_server_part_swapped_was_the_cause(self):
        """ "swapped DIMM", "replaced the processor" gave no *Host component failure*; a
        swap that changed nothing ("still seeing the errors") names no cause."""
        for text in (
            "SEL entries 'Uncorrectable ECC' on slot B3, node crashes every couple days, "
            "swapped DIMM",
            "it was the CPU memory controller, replaced the processor",
        ):
            assert "root_cause:host-component-failure" in self.suggest(text), text
        found = self.suggest("swapped the DIMM, still seeing the errors")
        assert "root_cause:host-component-failure" not in found

    def test_a_facility_outage_told_in_everyday_words(self):
        """A fifteenth round of blind helpers: an ATS that "didnt transfer", nodes "hard
        rebooted", a firmware update that "bricked" servers."""
        found = self.suggest(
            "lost half of row C last night, utility blip + one of the ATS didnt transfer "
            "cleanly, ~300 H100 nodes hard rebooted mid training run"
        )
        assert {
            "root_cause:power-loss",
            "contributing_factor:failed-failover",
            "symptom:node-failure",
        } <= set(found)
        found = self.suggest("BMC firmware update bricked a batch of 40 servers")
        assert {"root_cause:firmware-or-driver-bug", "symptom:node-failure"} <= set(found)
        assert "symptom:node-failure" not in self.suggest("the k8s pod went down after the deploy")

    def test_node_software_not_loaded_is_missing_node_software(self):
        """ "nvidia-peermem module not loaded" gave no *Missing node software* (a fifteenth
        round of blind helpers); traffic "blackholed" is a connectivity loss."""
        found = self.suggest(
            "GPUDirect RDMA not working after driver update, nvidia-peermem module not loaded "
            "so NCCL uses host memory bounce"
        )
        assert "root_cause:missing-node-software" in found
        assert "root_cause:missing-node-software" not in self.suggest(
            "the module was loaded fine, not the problem"
        )
        found = self.suggest(
            "BGP session between leaf and spine flapping, inference traffic blackholed"
        )
        assert "symptom:network-connectivity-loss" in found

    def test_sixteenth_rounds_wrong_and_lost_chips(self):
        """A sixteenth round of blind helpers: "the server was running inference" read as
        a server running fine (no chip at all); "crazy" read as Cray by the speller; NCCL's
        "NET/IB" transport on RoCE read as InfiniBand; "checkpoint writes were fast" and
        "not on H100" kept their values; "looks like xid 79 but no" kept the guess; a
        riser cable reseated read as a network cable fault; "pending forever"."""
        assert "workload:inference" in self.suggest("the server was running inference")
        assert "component:nccl" not in self.suggest(
            "nv-fabricmanager is running, NCCL is running fine"
        )
        assert "organisation:cray" not in self.suggest("this is crazy, the GPU keeps crashing")
        assert "organisation:cray" in self.suggest("our Cray EX nodes lost the slingshot fabric")
        found = self.suggest(
            "gpu-h800-077:1184922:1185402 [5] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got "
            "completion from peer 10.60.9.31<39244> with error 12, opcode 0, len 0; "
            "[0]mlx5_0:1/RoCE"
        )
        assert "component:infiniband-fabric" not in found and "component:roce-fabric" in found
        found = self.suggest(
            "node-3:12:40 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.5<1234> "
            "with error 12, opcode 0"
        )
        assert "component:infiniband-fabric" in found
        found = self.suggest(
            "storage was fine, checkpoint writes were fast; the hang was a deadlock in the "
            "dataloader workers"
        )
        assert "component:checkpoint-storage" not in found
        found = self.suggest("the quantization kernel had a bug on A100 but not on H100")
        assert "accelerator:h100" not in found and "accelerator:a100" in found
        found = self.suggest(
            "looks like xid 79 but no, gpu not fall off bus, nvidia driver broken because "
            "kernel upgraded without dkms rebuild"
        )
        assert "symptom:gpu-fell-off-the-bus" not in found
        found = self.suggest(
            "Xid 79 on one of the 3090s, reseated the riser cable and it went away"
        )
        assert "root_cause:network-link-or-cable-fault" not in found
        found = self.suggest("two big jobs each take half of the gpus and both pending forever")
        assert "symptom:jobs-stuck-pending" in found

    def test_a_slower_job_told_in_a_performance_engineers_words(self):
        """A sixteenth round of blind helpers: "job ran 30% slower", "step time has a
        daily pattern", "a ~90s stall on all ranks", hiccups in step time gave no
        *Training throughput drop*; one part slower than its twins no *Fail-slow
        hardware*; a step time that went down is no drop."""
        for text in (
            "job ran 30% slower for ~2h before this, anyone seen slowdown as a precursor?",
            "clocks throttle every afternoon, step time has a daily pattern",
            "torch.compile recompiles every few steps, each recompile is ~90s stall on all ranks",
            "periodic 2-3s hiccups every ~5 min in step time across all nodes",
        ):
            assert "symptom:training-throughput-drop" in self.suggest(text), text
        assert "symptom:training-throughput-drop" not in self.suggest(
            "step time went down from 9s to 7s after the fix"
        )
        for text in (
            "one slow rank drags the whole job down, how do ppl find the straggler?",
            "one gpu in the node way slower than the rest",
            "no clock event reasons active, yet still 20% slower than the identical node next "
            "to it",
        ):
            assert "root_cause:fail-slow-hardware" in self.suggest(text), text

    def test_cards_and_ranks_give_the_scale_and_no_network_card(self):
        """ "our pretraining on 1024 cards" gave no scale and a NIC by meaning."""
        found = self.suggest("our pretraining on 1024 cards hangs at step 3000")
        assert "scale:1k-10k" in found and "component:nic" not in found
        assert "scale:under-1k" in self.suggest("allreduce across 512 ranks hangs")
        assert "component:nic" in self.suggest("the network card keeps resetting")

    def test_a_small_boxs_gpu_that_torch_cannot_see(self):
        """A sixteenth round of blind helpers: "torch.cuda.is_available() returns False",
        a container with "no /dev/nvidia*", ollama falling back to the CPU gave no *GPU
        not visible to the workload*."""
        for text in (
            "wsl2 torch.cuda.is_available() returns False but nvidia-smi works inside wsl",
            "when it starts the container has no /dev/nvidia*",
            "ollama randomly falls back to cpu after a few hrs",
        ):
            assert "symptom:gpu-not-visible" in self.suggest(text), text
        assert "symptom:gpu-not-visible" not in self.suggest(
            "torch.cuda.is_available() returns True, so the GPU is fine"
        )

    def test_an_autoscaler_that_thrashed_is_faulty_automation(self):
        found = self.suggest("inference fleet cost spike bc autoscaler thrashed every 10 min")
        assert "root_cause:faulty-automation" in found

    def test_an_ascend_operators_framework_and_file_system(self):
        """MindSpore (Huawei's framework) and CPFS (Alibaba Cloud's parallel file system)
        were unknown names to a sixteenth round of blind helpers."""
        assert "component:training-framework" in self.suggest(
            "mindspore graph compile take 2 hours on 910b before first step"
        )
        found = self.suggest("checkpoint save to cpfs take 40min for 175B model")
        assert "component:shared-file-system" in found

    def test_a_cable_error_a_bad_ram_stick_and_a_fabric_manager_that_did_not_start(self):
        """The mlx5 driver's "Cable error" module event is a cable fault; "a bad RAM stick"
        a host component failure; "nvidia-fabricmanager not start" missing node software
        (a sixteenth round of blind helpers)."""
        found = self.suggest(
            "Mar 14 02:17:43 gpu-a17-042 kernel: mlx5_core 0000:c1:00.0: "
            "mlx5_port_module_event:1140:(pid 0): Port module event[error]: module 0, Cable "
            "error, High Temperature"
        )
        assert found["root_cause:network-link-or-cable-fault"]["how"] == "signature"
        found = self.suggest("still getting random reboots. ended up being a bad RAM stick")
        assert "root_cause:host-component-failure" in found
        found = self.suggest("nvidia-fabricmanager not start after reboot, cuda init fail 802")
        assert "root_cause:missing-node-software" in found

    def test_a_serving_engine_by_its_own_name_is_not_the_setting(self):
        """ "tritonserver pods keep restarting", "TGI router returns 424" offered no
        inference server: a broad value named in one word was read as the setting beside
        the crash loop (a fourteenth round of blind helpers)."""
        for text in (
            "tritonserver pods keep restarting after the model repo update",
            "TGI router returns 424 Failed Dependency under load",
        ):
            assert "component:inference-server" in self.suggest(text), text

    def test_a_storage_system_running_degraded_is_a_storage_system_failure(self):
        """Weka "in degraded state", a Lustre OST rebuilding, Ceph's HEALTH_WARN with OSDs
        down gave no cause (a fourteenth round of blind helpers)."""
        for text in (
            "weka cluster in degraded state, 2 drives failed and rebuild running",
            "Lustre OST0012 is degraded, RAID rebuild in progress, reads slow",
            "ceph health HEALTH_WARN: 3 osds down, pgs degraded",
        ):
            assert "root_cause:storage-system-failure" in self.suggest(text), text
        found = self.suggest("lustre was not degraded, it was the network")
        assert "root_cause:storage-system-failure" not in found

    def test_seventeenth_rounds_forbidden_chips(self):
        """A seventeenth round of blind helpers: "nccl-tests pass between nodes" offered
        NCCL; "no link flaps or symbol errors on the UFM side" the InfiniBand fabric; an
        NCCL line on a port ibv_devinfo calls InfiniBand the RoCE fabric."""
        found = self.suggest(
            "ruled out EFA, fi_info shows efa provider fine and nccl-tests pass between nodes."
            " slowness was the customer's dataloader reading from S3 with 2 workers"
        )
        assert "component:nccl" not in found
        found = self.suggest("gateway threw 502s, readiness probe passed before the model loaded")
        assert "component:health-check" in found
        found = self.suggest(
            "infiniband fabric is clean, no link flaps or symbol errors on the UFM side. nccl "
            "hang was a deadlock in their code"
        )
        assert "component:infiniband-fabric" not in found
        assert "component:nic" in self.suggest("errors on the NIC every hour")
        found = self.suggest(
            "ibv_devinfo\nhca_id:\tmlx5_4\n\t\tlink_layer:\t\tInfiniBand\nNCCL WARN NET/IB : Got "
            "completion from peer 10.0.3.17<45233> with status=12 opcode=0 len=0 vendor err "
            "129 (Recv) localGid ::ffff:10.0.3.21"
        )
        assert "component:roce-fabric" not in found
        assert "component:infiniband-fabric" in found

    def test_instance_families_as_customers_write_them(self):
        """ "their p5s", "gke a3 node pool", "L4s" named no accelerator (a seventeenth
        round of blind helpers); a p5 latency percentile names none."""
        for text, value in (
            ("customer says their p5s keep failing health checks", "accelerator:h100"),
            ("gke a3 node pool stuck provisioning for 3 hours", "accelerator:h100"),
            ("we run inference on L4s and latency doubled", "accelerator:l4"),
        ):
            assert value in self.suggest(text), (text, value)
        assert "accelerator:h100" not in self.suggest("p5 latency is fine but p99 spiked")

    def test_a_call_to_a_hosted_model_is_inference(self):
        """Errors from a hosted model's client or a model endpoint gave no Inference
        workload (a seventeenth round of blind helpers, users of managed platforms)."""
        for text in (
            "openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit "
            "reached for gpt-4o in organization org-XXXX on tokens per min (TPM)'}}",
            "botocore.errorfactory.ThrottlingException: An error occurred "
            "(ThrottlingException) when calling the InvokeModel operation",
            "our sagemaker endpoint takes 6-7 min to scale out when traffic spikes",
            "anthropic api outage this morning? getting 'overloaded' errors on everything",
        ):
            assert "workload:inference" in self.suggest(text), text
        assert "workload:inference" not in self.suggest("OpenAI trained the model on 25k A100s")

    def test_cloud_quota_and_sku_errors_are_capacity_exhaustion(self):
        """SageMaker's ResourceLimitExceeded, Azure's SkuNotAvailable and Compute Engine's
        "Quota '…' exceeded" gave no cause (a seventeenth round of blind helpers)."""
        for text in (
            "botocore.errorfactory.ResourceLimitExceeded: An error occurred "
            "(ResourceLimitExceeded) when calling the CreateTrainingJob operation",
            "SkuNotAvailable: The requested VM size Standard_ND96isr_H100_v5 is currently not "
            "available in location 'eastus'.",
            "ERROR: (gcloud.compute.instances.create) Could not fetch resource: - Quota "
            "'NVIDIA_H100_GPUS' exceeded.  Limit: 0.0 in region us-central1.",
        ):
            found = self.suggest(text)
            assert found["root_cause:capacity-exhaustion"]["how"] == "signature", text

    def test_a_serving_stacks_data_layer_lines(self):
        """A seventeenth round of blind helpers (on call for the gateway, caches,
        databases, queues and deploys of a model API) pasted these and got no part."""
        for text, value in (
            (
                "2025-01-19 02:07:33.121 UTC [412882] FATAL:  sorry, too many clients already",
                "component:database",
            ),
            (
                "2025-01-19 02:07:33.121 UTC [412882] FATAL:  sorry, too many clients already",
                "root_cause:capacity-exhaustion",
            ),
            ("OOM command not allowed when used memory > 'maxmemory'.", "component:cache"),
            (
                "GROUP               TOPIC               PARTITION  CURRENT-OFFSET  "
                "LOG-END-OFFSET  LAG       CONSUMER-ID",
                "component:message-queue",
            ),
            (
                'Warning  Failed  3m (x5 over 6m)  kubelet  Failed to pull image "registry.'
                'internal.example.com/serving/gateway:1.4.2": rpc error: 401 Unauthorized',
                "component:package-or-model-registry",
            ),
            (
                "Error: UPGRADE FAILED: release inference-gateway failed, and has been rolled "
                "back due to atomic being set",
                "component:build-and-release-pipeline",
            ),
            (
                "JWT tokens rejected as not yet valid (nbf), partial 401s",
                "component:authentication-service",
            ),
        ):
            assert value in self.suggest(text), (text, value)

    def test_a_change_given_to_everyone_at_once(self):
        """ "flipped the new tokenizer on for 100% instead of 5%" gave no *No staged
        rollout*, "full outage of chat api" no Inference workload (a seventeenth round)."""
        found = self.suggest(
            "feature flag rollout flipped the new tokenizer on for 100% instead of 5%, "
            "garbage outputs for 20 min"
        )
        assert "contributing_factor:no-staged-rollout" in found
        assert "contributing_factor:no-staged-rollout" not in self.suggest(
            "we ramped to 100% over two days"
        )
        assert "workload:inference" in self.suggest("~4 min full outage of chat api")

    def test_what_a_guess_came_after_happened(self):
        """ "we thought the GPU was bad after Xid 79 but it turned out to be the PSU" set
        the Xid aside with the guess (a seventeenth round of blind helpers); PCIe replays
        are a PCIe error, NVLink's replay counters are not."""
        found = self.suggest(
            "we thought the GPU was bad after Xid 79 but it turned out to be the PSU on the "
            "host, tech replaced the power supply and gpu came back"
        )
        assert "symptom:gpu-fell-off-the-bus" in found
        assert "root_cause:faulty-gpu" not in found
        found = self.suggest(
            "dcgmi diag failing on one gpu with pcie replay counter way over threshold"
        )
        assert "symptom:pcie-error" in found
        found = self.suggest("Xid 74 repeatedly, nvlink replay counters climbing")
        assert "symptom:pcie-error" not in found

    def test_a_reliability_researchers_dead_jobs_and_nodes(self):
        """A seventeenth round of blind helpers: "killed ~600 running jobs", slurmctld's
        "Killing JobId=… on failed node", nodes that "shut down mid-training", and "we
        initially blamed the NCCL timeout on the network" (the timeout happened)."""
        assert "symptom:job-crash" in self.suggest(
            "operator ran the drain script against the wrong partition and killed ~600 running jobs"
        )
        assert "symptom:job-crash" in self.suggest(
            "[2024-05-02T11:08:44.113] Killing JobId=901553 on failed node gpu117"
        )
        assert "symptom:node-failure" in self.suggest(
            "CRAH units tripped and a whole row of H100 nodes throttled then shut down mid-training"
        )
        assert "symptom:node-failure" not in self.suggest(
            "the nodes were shut down for maintenance"
        )
        found = self.suggest(
            "we initially blamed the NCCL timeout on the network but IB counters were clean"
        )
        assert "symptom:nccl-timeout" in found
        assert "component:nic" not in self.suggest(
            "we initially blamed the NIC but it was the switch"
        )

    def test_a_line_of_each_tool_around_the_gpus_suggests_its_component(self):
        for line, expected in TOOL_LINES:
            with self.subTest(line):
                found = self.suggest(line)
                for value in expected:
                    assert value in found, (value, list(found))

    def test_many_401s_are_the_authentication_service_and_an_error_rate(self):
        """HTTP 401 is a request the authentication step refused (RFC 9110 §15.5.2):
        many of them are an error rate; one is not, and a 403 (refused by a policy, a
        rate limiter…) is not the authentication service's."""
        found = self.suggest("customers got 401s from the API for an hour after the rotation")
        assert {"component:authentication-service", "symptom:elevated-error-rate"} <= set(found)
        found = self.suggest("got a 401 Unauthorized when my token expired")
        assert "component:authentication-service" in found
        assert "symptom:elevated-error-rate" not in found
        found = self.suggest('403 Forbidden {"reason":"rate limit policy"}')
        assert "component:authentication-service" not in found

    def test_a_part_named_inside_a_causes_words_is_named_too(self):
        """A part named inside a root cause's or a factor's words is named, as inside a
        symptom's: "a database migration" (Schema or migration mismatch) names the
        database."""
        found = self.suggest(
            "we ran a database migration, it stalled on unexpected row locks and had to "
            "be rolled back"
        )
        assert "component:database" in found, list(found)

    def test_a_buckets_name_is_no_value(self):
        """A bucket's name in an object store's URI is a label someone chose: "tpu" or
        "inference" in it is no TPU and no Inference workload; a web address still names
        what it points at (the API server's)."""
        found = self.suggest("reading gs://tpu-training-data/shards/00012.tfrecord failed with 403")
        assert "component:object-storage" in found
        assert "component:tpu" not in found
        found = self.suggest(
            "the training job writes checkpoints to s3://inference-logs-bucket/ckpt and the "
            "upload timed out"
        )
        assert "workload:training" in found
        assert "workload:inference" not in found
        found = self.suggest(
            'kubelet_node_status.go:103] Unable to register node "node-1" with API server: '
            "Post https://apiserver.example.internal:6443/api/v1/nodes: read: connection "
            "reset by peer"
        )
        assert "component:kubernetes-api-server" in found

    def test_a_makers_name_before_its_product_is_no_organisation(self):
        """A maker named as the vendor of a part ("the NVIDIA driver", "Nvidia gpu", "the
        kubernetes device plugin", "non-PyTorch memory") is not the party an incident
        happened to; a company named as the one it happened to still is, with what it
        owns ("Shanghai AI Lab's cluster")."""
        for text, maker in [
            ("After upgrading NVIDIA driver to 536, inference performance drop down 28%",
             "organisation:nvidia"),
            ("Nvidia gpu works well at first, then after a few days nvidia-smi fails in "
             "the container", "organisation:nvidia"),
            ("the pods lost their GPUs after the kubernetes device plugin restarted",
             "organisation:kubernetes"),
            ("torch.OutOfMemoryError: CUDA out of memory. Including non-PyTorch memory, this "
             "process has 11.9 GiB memory in use", "organisation:pytorch"),
        ]:  # fmt: skip
            with self.subTest(text):
                assert maker not in self.suggest(text)
        assert "organisation:meta" in self.suggest("Meta training interruptions from faulty GPUs")
        for text, maker in [
            ("k8s pod w/ gpu stuck in Pending, the device plugin reports 0 allocatable",
             "organisation:kubernetes"),
            ("AsyncEngineDeadError: Task finished unexpectedly. This should never happen! "
             "Please open an issue on Github.", "organisation:github"),
            ("someone leaked an API key in a public github repo", "organisation:github"),
        ]:  # fmt: skip
            with self.subTest(text):
                assert maker not in self.suggest(text)
        found = self.suggest("Shanghai AI Lab's cluster lost a rack")
        assert "organisation:shanghai-ai-laboratory" in found

    def test_a_drivers_probe_is_no_health_check(self):
        """The kernel's "probe of … failed" is a driver starting on a device, not a health
        check (search/subjects.py: a health check by meaning needs a word of one); a
        readiness probe is one."""
        found = self.suggest(
            "[    5.662202] mlx5_core 0000:01:00.0: mlx5_load_one failed with error code -22\n"
            "[    5.662390] mlx5_core: probe of 0000:01:00.0 failed with error -22"
        )
        assert "component:nic" in found
        assert "component:health-check" not in found
        found = self.suggest("the readiness probe keeps failing and the pod is restarted")
        assert "component:health-check" in found

    def test_factors_by_meaning_need_a_word_of_their_subject(self):
        """*Staging unlike production* needs a test environment or production named,
        *Unhandled errors* an error path (search/subjects.py)."""
        for text, value in [
            ("the Xid 13s are from a user's buggy kernel (graphics engine exception, "
             "reproduces on known-good GPUs), not the hardware",
             "contributing_factor:staging-unlike-production"),
            ("We made a test on kubernetes and etcd: 4500 nodes, each has one pod. Then "
             "some requests becomes very slow", "contributing_factor:staging-unlike-production"),
            ("{'loss': 0.4589, 'grad_norm': 1.0493, 'epoch': 1.22}\nHW Exception by GPU "
             "node-9 (Agent handle: 0x6d1e80)", "contributing_factor:unhandled-errors"),
        ]:  # fmt: skip
            with self.subTest(text):
                assert value not in self.suggest(text)
        found = self.suggest(
            "our test environment is tiny compared to production so it never showed up there"
        )
        assert "contributing_factor:staging-unlike-production" in found

    def test_an_accelerators_name_is_the_setting_not_the_gpu_that_failed(self):
        """ "on A100, H100 and B200 instances" names the accelerators (their chips), not a
        GPU that failed; "a broken GPU-0 A100-40G" and "A100 fell off the bus" do name it.
        """
        found = self.suggest(
            "fabricmanager is not installed so on A100, H100, H200 and B200 instances, CUDA "
            "initialization fails with 802 system error"
        )
        assert {"accelerator:a100", "accelerator:h100"} <= set(found)
        assert "component:gpu" not in found
        for text in (
            "We have a broken GPU-0 A100-40G/DGX which shows compute performance 3 times "
            "less than expected",
            "one A100 fell off the bus during the run",
            # (the GPU's own trouble named: the accelerator is the GPU that had it)
            "uncorrectable ECC errors keep showing up on our h100s since tuesday",
            "two of the B200 nodes keep falling off the bus every night",
        ):
            with self.subTest(text):
                assert "component:gpu" in self.suggest(text)

    def test_a_cache_in_code_is_no_caching_tier(self):
        """*Cache* named in one word needs a caching tier's words (Redis, cache hits,
        eviction…): an identifier or a CUDA graph cache is none."""
        found = self.suggest(
            "then a gpu node comes in the nodegroup, `p.nodeInfoCache` will cache a node "
            "without nvidia.com/gpu and trigger scaledown to 0"
        )
        assert "component:cache" not in found
        assert "component:cache" in self.suggest("the redis cache evicted hot keys under load")

    def test_a_source_files_path_names_no_part(self):
        """A framework's name inside a source file's path is where the code lives, not a
        part that failed; the same name in prose still is one."""
        for text in (
            "RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:784, "
            "unhandled system error, NCCL version 2.7.8",
            "RuntimeError: cuda runtime error (802) : system not yet initialized at "
            "/opt/conda/conda-bld/pytorch_1579022034529/work/aten/src/THC/THCGeneral.cpp:50",
        ):
            with self.subTest(text):
                assert "component:training-framework" not in self.suggest(text)
        found = self.suggest("a PyTorch bug in the FSDP state dict code corrupted the checkpoint")
        assert "component:training-framework" in found

    def test_gpu_not_visible_by_meaning_needs_a_word_of_seeing_or_counting(self):
        """*GPU not visible* by meaning needs a word of seeing, finding or counting the
        devices (search/subjects.py): a training step that slows down, or an NPU's
        "The error from device", hides no GPU."""
        for text in (
            "The first 50 training takes about 0.0105s per/step on average. However the "
            "training speed always slows down to 0.03 per/step after 50 training steps.",
            "EZ9999: Inner Error! The error from device(chipId:3, dieId:0), serial number is 12",
        ):
            with self.subTest(text):
                assert "symptom:gpu-not-visible" not in self.suggest(text)
        found = self.suggest("after the driver update nvidia-smi shows only 6 of 8 GPUs")
        assert "symptom:gpu-not-visible" in found

    def test_lines_of_training_guards_security_scanners_and_control_planes(self):
        """An eighteenth batch of cited signatures (helpers shown the vocabulary, not the
        sets; a fresh helper checked every citation): each line suggests its value."""
        for line, value in [
            ("Second rerun: unexpected result is not reproducible on a different GPU, therefore "
             "was likely incorrect (inf != 2.3141)", "symptom:silent-data-corruption"),
            ("slurmctld: drain_nodes: node gpu-a0412 state set to DRAIN", "symptom:capacity-loss"),
            ("Exception: Current loss scale already at minimum - cannot decrease scale anymore.",
             "root_cause:numerical-instability"),
            ("GuardDuty finding type=CryptoCurrency:EC2/BitcoinTool.B!DNS severity=8",
             "symptom:cryptomining"),
            ("GuardDuty finding UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration."
             "OutsideAWS: credentials of role gpu-node-role used from 203.0.113.45",
             "root_cause:stolen-credentials"),
            ("fatal error: concurrent map writes", "root_cause:race-condition"),
            ("A memory mismatch was detected on GPU 5, but no error was reported by CUDA or "
             "NVML.", "symptom:silent-data-corruption"),
            ("[W 2024-03-11 09:12:44.101 ServerApp] All authentication is disabled.  Anyone who "
             "can connect to this server will be able to run code.",
             "root_cause:insecure-configuration"),
            ("2024-05-02 10:11:12,345 INFO gave up: model-server entered FATAL state, too many "
             "start retries too quickly", "symptom:crash-loop"),
            ('{"level":"warn","msg":"request stats","error":"etcdserver: too many requests"}',
             "root_cause:control-plane-overload"),
            ("[FIRING:1] KubeAPIDown (critical): KubeAPI has disappeared from Prometheus target "
             "discovery.", "symptom:control-plane-unresponsive"),
            ("May 02 10:11:12 gpu-node-17 systemd[1]: nvidia-fabricmanager.service: Start "
             "request repeated too quickly.", "symptom:crash-loop"),
            ("torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) "
             "local_rank: 0 (pid: 41236) of binary: /usr/bin/python",
             "component:distributed-job-launcher"),
        ]:  # fmt: skip
            with self.subTest(line):
                assert value in self.suggest(line), (value, list(self.suggest(line)))

    def test_errors_for_everybody_are_a_full_outage(self):
        """5xx for everyone, or every backend down, is the whole service out; 503s for
        some requests are not."""
        for text in (
            "the chat API was giving 503s for everyone for twenty minutes",
            "the gateway cert expired and all of our model backends returned 502",
        ):
            with self.subTest(text):
                assert "symptom:full-outage" in self.suggest(text)
        assert "symptom:full-outage" not in self.suggest("503s for some requests after the deploy")

    def test_a_control_planes_client_that_hangs_is_the_control_plane(self):
        """ "squeue hangs", "kubectl get pods hangs", "slurmctld unresponsive": the
        control plane stopped answering; no job hung."""
        for text in (
            "slurmctld not responding since 9am, squeue hangs and sbatch times out",
            "kubectl get pods hangs and then times out",
        ):
            with self.subTest(text):
                found = self.suggest(text)
                assert "symptom:control-plane-unresponsive" in found
                assert "symptom:job-hang-without-error" not in found
        assert "symptom:job-hang-without-error" in self.suggest("the training job hangs at step 0")

    def test_jobs_that_did_something_and_crashed_crashed(self):
        """ "jobs could not write their logs and crashed": what the jobs did first, then the
        crash (the rule allowed only three words between the jobs and the crash)."""
        for text in (
            "after the NFS failover the training jobs could not write their logs and crashed",
            "multi-node jobs saw NCCL errors and then died",
        ):
            with self.subTest(text):
                assert "symptom:job-crash" in self.suggest(text)
        assert "symptom:job-crash" not in self.suggest("the jobs were slow and nothing crashed")

    def test_a_denial_after_but_is_the_next_clauses(self):
        """ "died with an NCCL timeout but it was not a network issue": the denial is of
        the cause the next clause names, not of the timeout (a nineteenth round of blind
        helpers lost it); "Slurm isn't the problem" still denies Slurm."""
        found = self.suggest(
            "Training job died with an NCCL timeout but it was not a network issue, we "
            "ruled out IB; one rank was stuck in a dataloader deadlock."
        )
        assert "symptom:nccl-timeout" in found
        assert "component:infiniband-fabric" not in found
        assert "component:job-scheduler" not in self.suggest("Slurm isn't the problem")
        assert "component:kv-cache" not in self.suggest("the KV cache wasn't the real problem")

    def test_checkpoints_that_stall_the_run_are_a_checkpoint_failure(self):
        """Checkpoint writes that hold the run up (the value's definition: "fails, stalls or
        …"); "not a Lustre problem" denies Lustre, not the slow checkpoints; only slow is
        no failure."""
        found = self.suggest(
            "ckpt writes taking 40min instead of 5 since tuesday, the whole run stalls on "
            "every save"
        )
        assert "symptom:checkpoint-failure" in found
        found = self.suggest(
            "Slow checkpoints are not a Lustre problem, the OSTs are basically idle; the "
            "bottleneck is rank 0 gathering the full state dict before writing."
        )
        assert "component:checkpoint-storage" in found
        assert "component:shared-file-system" not in found
        assert "symptom:checkpoint-failure" not in self.suggest("checkpoint writes were fast")

    def test_what_the_team_switched_off_in_response_is_no_power_loss(self):
        found = self.suggest(
            "leak detection alarm on the CDU for one of the GB200 racks, coolant loop "
            "pressure dropped so we powered the rack off"
        )
        assert "component:cooling-system" in found
        assert "root_cause:power-loss" not in found
        assert "root_cause:power-loss" in self.suggest("the rack lost power at 3am")

    def test_what_a_gpu_went_through_names_the_gpu(self):
        """An overheating GPU is the GPU's trouble; none of a good thing ("0 allocatable")
        is no reading that all was well; a job sent back onto the node that failed."""
        sel = (
            "  a3 | 03/14/2025 | 17:22:50 | Temperature GPU4_Temp | Upper Critical going "
            "high | Asserted | Reading 95 > Threshold 92 degrees C"
        )
        assert {"root_cause:gpu-overheating", "component:gpu"} <= set(self.suggest(sel))
        found = self.suggest("nvidia-device-plugin ds crashlooping and gpus show 0 allocatable")
        assert "symptom:gpu-not-visible" in found
        assert "symptom:gpu-not-visible" not in self.suggest("dmesg shows 0 AER errors")
        found = self.suggest(
            "one node keeps throwing xid 48, we drained it but nobody cordoned so pods "
            "rescheduled right back onto it"
        )
        assert "contributing_factor:repeat-offender-nodes" in found

    def test_node_software_that_wont_start(self):
        found = self.suggest("fabric manager wont start after reboot, every job there dies")
        assert "root_cause:missing-node-software" in found
        assert "root_cause:missing-node-software" not in self.suggest(
            "fabric manager started fine after the reboot"
        )

    def test_a_gateways_status_in_an_access_log(self):
        """An access log's 502 or 504 is a gateway's answer (RFC 9110, 15.6.3 and 15.6.5);
        a 500 is the server's own."""
        line = (
            '10.4.12.7 - - [14/Mar/2025:02:14:33 +0000] "POST /v1/chat/completions '
            'HTTP/1.1" 504 167 "-" "python-httpx/0.27.0" rt=60.001'
        )
        assert "component:load-balancer" in self.suggest(line)
        assert "component:load-balancer" not in self.suggest(line.replace("504", "500"))

    def test_a_nineteenth_batch_of_signatures_and_aliases(self):
        """Lines real tools print, each signature citing its source: Slurm's memory kill
        is the host's RAM; NCCL's InfiniBand completion error is the fabric; kubelet's and
        containerd's failed image pulls are the registry's (containerd's own words only wrap
        the registry's answer); a container restarted over and over is a crash loop (not
        one restarted none). Aliases: the
        mlx5 driver is the NIC's; a KV cache's preemption is the batching scheduler's."""
        slurm = (
            "slurmstepd: error: Detected 1 oom_kill event in StepId=4412871.0. Some of the "
            "step tasks have been OOM Killed."
        )
        assert self.suggest(slurm)["component:host-cpu-and-memory"]["how"] == "signature"
        ib = (
            "NCCL WARN NET/IB : Got completion from peer 10.0.0.2<53406> with status=12 "
            "opcode=0 len=0 vendor err 129 (Recv)"
        )
        assert self.suggest(ib)["component:infiniband-fabric"]["how"] == "signature"
        pull = (
            'Failed to pull image "nvcr.io/nvidia/tritonserver:24.08-trtllm-python-py3": rpc '
            'error: code = Unknown desc = failed to pull and unpack image "nvcr.io/nvidia/'
            'tritonserver:24.08-trtllm-python-py3": failed to copy: httpReadSeeker: failed '
            "open: unexpected status code 429 Too Many Requests"
        )
        found = self.suggest(pull)
        assert {"component:package-or-model-registry", "symptom:requests-throttled"} <= set(found)
        restarts = "    Ready:          False\n    Restart Count:  7"
        assert "symptom:crash-loop" in self.suggest(restarts)
        assert "symptom:crash-loop" not in self.suggest(restarts.replace("7", "0"))
        found = self.suggest("the BMC console shows a kernel panic in the mlx5 driver")
        assert "component:nic" in found
        found = self.suggest("slowdown is from kv cache preemption with the long-context requests")
        assert {"component:batching-scheduler", "component:kv-cache"} <= set(found)

    def test_a_slow_few_setting_every_steps_pace_and_every_client_failing(self):
        """Stragglers that slow every step are synchronous training's trouble; every
        client failing is the whole service out; an inference gateway is a load
        balancer, NHC a health check, tokenization the tokenizer's (a nineteenth round
        of blind helpers)."""
        found = self.suggest(
            "MFU dropped from 48% to 31% on the 70b run, looks like a handful of straggler "
            "nodes slowing every step"
        )
        assert "contributing_factor:synchronous-training" in found
        assert "contributing_factor:synchronous-training" not in self.suggest(
            "a handful of straggler nodes, replaced them last week"
        )
        found = self.suggest(
            "cert on the inference gateway expired at midnight UTC, every client got TLS "
            "handshake failures for 40 min"
        )
        assert {"symptom:full-outage", "component:load-balancer"} <= set(found)
        assert "symptom:full-outage" not in self.suggest("one client got TLS handshake failures")
        found = self.suggest("someone pushed a bad NHC config and it drained 400 nodes")
        assert "component:health-check" in found
        found = self.suggest("the latency spike is all in tokenization on the api pods")
        assert "component:tokenizer-or-chat-template" in found

    def test_a_rule_reads_past_a_place_that_is_set_aside(self):
        """A reader by rule took only its first place: "not due to us exceeding our quota"
        is ruled out, and "because GCP's capacity was exceeded" after it was never read.
        And how an error looks ("shows up in logs as a rate limit") names no part."""
        text = (
            "add a note to the runbook that this particular error shows up in logs as a rate "
            "limit, but it's not due to us exceeding our quota, but because GCP's capacity "
            "was exceeded."
        )
        found = self.suggest(text)
        assert "root_cause:capacity-exhaustion" in found
        assert "symptom:requests-throttled" in found
        assert "component:rate-limiter" not in found
        assert "component:rate-limiter" in self.suggest("the rate limiter rejected every request")

    def test_a_service_restarting_by_the_clock_is_a_crash_loop(self):
        for text in (
            "model server pods restart every few minutes",
            "frontend container (OOMKilled, 23 restarts in 1h)",
            "the container restarted 23 times in an hour",
        ):
            with self.subTest(text):
                assert "symptom:crash-loop" in self.suggest(text)
        assert "symptom:crash-loop" not in self.suggest(
            "we restart the pods every 5 minutes as a workaround"
        )

    def test_a_doubled_consonant_left_out_is_a_slip(self):
        """ "flaping" read as an inflection of "flap" was never corrected: a one-syllable
        word doubles its last consonant before -ing and -ed."""
        for text in ("infinband link flaping", "link flaping"):
            with self.subTest(text):
                assert "symptom:network-link-flapping" in self.suggest(text)
        assert not self.suggest("hoping it recovers")

    def test_what_was_looked_up_reported_or_compared_with_did_not_fail(self):
        """A twentieth round of blind helpers: the name a lookup was for ("cant resolve s3
        endpoint"), the scheduler that reported a node's failure ("slurm shows
        NODE_FAIL"), the accelerator a run was compared with ("diverges from the H100
        run"), and a cable swapped while the errors stayed ("swapped the cable twice,
        still CRC errors") are not what failed."""
        found = self.suggest("pods cant resolve s3 endpoint randomly, coredns pods OOMKilled")
        assert "symptom:dns-resolution-failure" in found
        assert "component:object-storage" not in found
        assert "component:object-storage" in self.suggest("s3 returned 503 SlowDown all night")
        found = self.suggest("not preemption, slurm shows NODE_FAIL for the job, node went down")
        assert "component:job-scheduler" not in found
        assert "symptom:node-failure" in found
        assert "component:job-scheduler" in self.suggest("slurmctld crashed after the upgrade")
        found = self.suggest(
            "the B200 run's loss curve diverges from the H100 run with the same seed"
        )
        assert "accelerator:b200" in found and "accelerator:h100" not in found
        found = self.suggest(
            "optics are fine, swapped the cable twice, still CRC errors on port 33 - prob the "
            "switch asic port"
        )
        assert "root_cause:network-link-or-cable-fault" not in found
        assert "component:network-switch" in found

    def test_a_training_run_owners_words(self):
        """A twentieth round of blind helpers (a training-run owner): a run that diverges
        after N steps is a loss spike in training; checkpoint writes that block training
        and a checkpoint file that is not there are checkpoint failures; "not a GPU OOM"
        denies the GPU's, not the kernel OOM killer's."""
        found = self.suggest("fp8 run diverges after ~20k steps, bf16 baseline is fine")
        assert {"symptom:loss-spike", "workload:training"} <= set(found)
        assert "symptom:loss-spike" not in self.suggest("the loss did not diverge")
        for text in (
            "it's storage: ckpt writes block training for ~10 min each save",
            "FileNotFoundError: [Errno 2] No such file or directory: '/checkpoints/run-417/"
            "global_step30000/mp_rank_00_model_states.pt'",
        ):
            with self.subTest(text):
                assert "symptom:checkpoint-failure" in self.suggest(text)
        found = self.suggest(
            "not a GPU OOM - the trainer gets SIGKILLed by the kernel OOM killer, host RAM "
            "blows up from dataloader prefetch"
        )
        assert "symptom:out-of-memory" in found
        assert "component:gpu-memory-hbm" not in found
        assert "symptom:out-of-memory" not in self.suggest(
            "not an OOM. the kernel OOM killer never fired"
        )

    def test_the_upgrade_that_went_wrong_is_the_one_read(self):
        """Only the first upgrade in a text was read: one the text says went fine hid the
        one after which the trouble came. "fw" is firmware; a job stuck at its start-up
        step hangs; "losing rdma connectivity" is connectivity lost (a twentieth round of
        blind helpers)."""
        for text in (
            "after the driver upgrade everything was fine; since the vllm update p99 latency "
            "doubled",
            "after the firmware update the nodes were healthy, but after we upgraded vLLM the "
            "latency doubled",
        ):
            with self.subTest(text):
                found = self.suggest(text)
                assert "root_cause:software-regression" in found
                assert "root_cause:firmware-or-driver-bug" not in found
        found = self.suggest(
            "h100 nodes in pod B losing rdma connectivity after ConnectX-7 fw update to 28.39"
        )
        assert {
            "symptom:network-connectivity-loss",
            "root_cause:firmware-or-driver-bug",
        } <= set(found)
        assert "root_cause:software-regression" not in found
        found = self.suggest("job stuck at nccl init on 2 of 64 nodes")
        assert "symptom:job-hang-without-error" in found
        # The same for a downgrade that made the trouble go away: a supposed one first
        found = self.suggest(
            "jobs crash with Xid 13. if rolling back to driver 535 fixes it, fine. Going back "
            "to NCCL 2.18 fixed it."
        )
        assert "root_cause:software-regression" in found
        assert "root_cause:firmware-or-driver-bug" not in found

    def test_switches_named_by_what_they_hold(self):
        """ "switch" alone is too often a verb ("switch to fp8"); the switches' firmware,
        configuration or a plural with a determiner names them (a twentieth round of blind
        helpers)."""
        for text in (
            "jumbo frames getting dropped on the new switches",
            "allreduce bw dropped after the switch fw upgrade last night",
        ):
            with self.subTest(text):
                assert "component:network-switch" in self.suggest(text)
        assert "component:network-switch" not in self.suggest("we switch to fp8 next week")

    def test_a_step_time_multiplied_and_switching_that_is_a_verb(self):
        """A twenty-first round of blind helpers: "step time 2x on one node" is a slowdown;
        "switching languages mid reply" is no network switch."""
        found = self.suggest(
            "no Xids in dmesg, nothing in DCGM, the gpu is just slow: step time 2x on one "
            "node vs the rest"
        )
        assert "symptom:training-throughput-drop" in found
        assert "symptom:training-throughput-drop" not in self.suggest(
            "step time 2x faster after the fix"
        )
        found = self.suggest(
            "latency is normal but answers are garbage - repeated tokens, switching "
            "languages mid reply"
        )
        assert "component:network-switch" not in found
        assert "symptom:degraded-output-quality" in found
        # nor are answers cut off mid sentence a cable's fault
        found = self.suggest(
            "streaming responses getting cut off mid sentence, ppl see half an answer then nothing"
        )
        assert "root_cause:network-link-or-cable-fault" not in found
        assert "root_cause:network-link-or-cable-fault" in self.suggest(
            "IB port flapping on gpu-a17, tons of symbol errors, prob bad cable"
        )

    def test_whose_cluster_and_what_only_set_the_scene(self):
        """Organisations: "Meta's cluster" is Meta's (a possessive names the party; it was
        read as a setting like "our GPU cluster"); "our k8s cluster" is the setting, as
        "kubernetes pods" was ("k8s" was not one word to the tokenizer); "google sso" is
        a sign-in product. A bare "redis wasnt the problem" rules redis out in the whole
        text (a twenty-first round of blind helpers)."""
        assert "organisation:meta" in self.suggest("Meta's cluster lost power")
        assert "organisation:openai" in self.suggest("OpenAI's cluster lost power")
        found = self.suggest("our k8s cluster lost half its nodes")
        assert "organisation:kubernetes" not in found
        assert "symptom:capacity-loss" in found
        found = self.suggest("login broken for everyone using google sso since ~9am")
        assert "organisation:google" not in found
        assert "component:authentication-service" in found
        found = self.suggest(
            "redis wasnt the problem, it was packet loss between the api pods and redis"
        )
        assert "component:cache" not in found

    def test_an_llm_products_and_a_gpu_clouds_words(self):
        """A twenty-first round of blind helpers: "auth was down" and PgBouncer name their
        parts; a pool of connections or reserved machines exhausted, and a cloud API's
        capacity_unavailable, are capacity exhaustion; systemctl's "inactive (dead)" for
        the fabric manager is node software not running."""
        assert "component:authentication-service" in self.suggest(
            "the models were fine, auth was down"
        )
        found = self.suggest("postgres itself looked healthy, pgbouncer pool was exhausted")
        assert {"component:database", "root_cause:capacity-exhaustion"} <= set(found)
        found = self.suggest(
            "Error 409 capacity_unavailable: no gpu-h200-8x instances available in region "
            "us-east-2 (reserved pool exhausted), retry later or choose another region"
        )
        assert "root_cause:capacity-exhaustion" in found
        found = self.suggest(
            "RuntimeError: CUDA error: system not yet initialized (cudaErrorSystemNotReady "
            "802) -- on HGX H100, nv-fabricmanager.service inactive (dead)"
        )
        assert "root_cause:missing-node-software" in found
        assert "root_cause:missing-node-software" not in self.suggest(
            "nv-fabricmanager.service active (running) since boot"
        )

    def test_a_router_in_front_of_model_replicas(self):
        """ "Router" beside replicas or serving is the request router; a network's router
        is not."""
        for text in (
            "router kept sending traffic to a replica that was draining -> tons of 502s",
            "not a capacity issue, gpus were sitting at 40% util, the router itself was the "
            "bottleneck",
        ):
            with self.subTest(text):
                assert "component:request-router" in self.suggest(text)
        assert "component:request-router" not in self.suggest(
            "the core router dropped BGP sessions to two GPU pods"
        )

    def test_what_was_fine_unchanged_or_never_seen(self):
        """A twenty-second round of blind helpers: "but its fine on a100" sets the A100
        aside as a place all was well; a part swapped while "the link still flapped" is
        ruled out; "we didn't lose any GPUs to heat" names no overheating."""
        found = self.suggest("loss goes to nan on h100 but its fine on a100")
        assert "accelerator:h100" in found and "accelerator:a100" not in found
        found = self.suggest(
            "not the optics - swapped both transceivers and the link still flapped, ended up "
            "being the NIC"
        )
        assert "root_cause:network-link-or-cable-fault" not in found
        assert "symptom:network-link-flapping" in found
        found = self.suggest(
            "we didn't lose any GPUs to heat, the slowdown was power capping from the site "
            "power controller"
        )
        assert "root_cause:gpu-overheating" not in found
        assert "root_cause:gpu-overheating" in self.suggest("we lost two GPUs to heat")

    def test_a_lab_clusters_lines(self):
        """A twenty-second round of blind helpers (a university lab's cluster): PyTorch's
        "driver … too old" and nvidia-smi's "couldn't communicate with the NVIDIA driver"
        leave the GPUs unusable; pip's "Could not find a version that satisfies the
        requirement" is the package index's answer."""
        for line in (
            "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old "
            "(found version 11040). Please update your GPU driver",
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
            "Make sure that the latest NVIDIA driver is installed and running.",
        ):
            with self.subTest(line):
                assert self.suggest(line)["symptom:gpu-not-visible"]["how"] == "signature"
        pip = (
            "ERROR: Could not find a version that satisfies the requirement torch==2.1.0+cu121 "
            "(from versions: 2.2.0, 2.2.1, 2.2.2)"
        )
        assert "component:package-or-model-registry" in self.suggest(pip)

    def test_a_cause_implies_the_part_it_is_about(self):
        """By the values' definitions: a GPU memory fault is the HBM's, lost power the
        power delivery's (a twenty-second round of blind helpers: facilities)."""
        found = self.suggest(
            "| Memory | Fail | | Warning | GPU 5: DCGM_FR_VOLATILE_DBE_DETECTED: Volatile "
            "double-bit ECC error detected on GPU 5"
        )
        assert {"root_cause:gpu-memory-fault", "component:gpu-memory-hbm"} <= set(found)
        found = self.suggest("the rank really was gone: the node lost power")
        assert {"root_cause:power-loss", "component:power-supply"} <= set(found)
        assert "component:power-supply" not in self.suggest("the node did not lose power")
        # and a node that "hard hung" failed (the same round)
        found = self.suggest("no ECC errors at all, node just hard hung; BMC watchdog reset it")
        assert "symptom:node-failure" in found

    def test_a_platform_on_calls_words_read_as_they_were_meant(self):
        """A twenty-third round of blind helpers (an ML platform on Kubernetes): a swap
        that "didnt help" rules out what was swapped; a monitor that "still reports fine"
        is the reporter; jobs killed by number crashed; a service that "went down" was out;
        every node rebooted at once by an upgrade is a rollout with no stages; a fine-tuned
        model being served is no training; a disk quota is no throttling."""
        found = self.suggest(
            "ib link flapping on node h100-041, mlx5_3 port goes down/up every few mins. "
            "swapped cable didnt help"
        )
        assert "symptom:network-link-flapping" in found
        assert "root_cause:network-link-or-cable-fault" not in found
        found = self.suggest(
            "kubelet says PLEG is not healthy, nodes flipping NotReady. it's not the gpus, "
            "dcgm exporter still reports fine"
        )
        assert "component:kubelet" in found
        assert "component:monitoring-and-logging" not in found
        found = self.suggest(
            "someone ran `kubectl drain` on the wrong node pool and killed 12 training jobs "
            "mid-epoch"
        )
        assert "symptom:job-crash" in found
        found = self.suggest(
            "gpu operator upgrade rolled the driver daemonset and every node rebooted at once, "
            "serving went down for 20 min"
        )
        assert {"symptom:full-outage", "contributing_factor:no-staged-rollout"} <= set(found)
        assert "symptom:full-outage" not in self.suggest("throughput went down to 3 tok/s")
        found = self.suggest(
            "seeing this on the vllm server for the finetuned model under load, requests "
            "start timing out"
        )
        assert "workload:training" not in found
        assert "workload:training" in self.suggest("we finetuned llama on 8 nodes and it crashed")
        found = self.suggest(
            "OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/llm/ckpt/iter_0060000/"
            "mp_rank_03/model_optim_rng.pt'"
        )
        assert "root_cause:capacity-exhaustion" in found
        assert "symptom:requests-throttled" not in found
        found = self.suggest(
            'corrupted checkpoints (torch.load fails with "PytorchStreamReader failed '
            'reading zip archive: failed finding central directory")'
        )
        assert "symptom:checkpoint-failure" in found
        assert "root_cause:unsafe-deserialisation" not in found

    def test_a_research_teams_words_read_as_they_were_meant(self):
        """A twenty-third round of blind helpers (researchers training on Slurm): jobs
        "sitting in PENDING" are stuck pending; a grad norm that keeps spiking is a loss
        spike; "always the same one" names a repeat offender (and a node that trains fine
        does not); "nothing else changed" after a named upgrade leaves the upgrade the
        cause; a variable put in a shared file is a configuration change; a power blip is
        a power fluctuation."""
        found = self.suggest(
            "Jobs are sitting in PENDING with Reason=Resources for 2 days even though sinfo "
            "shows like 300 idle nodes"
        )
        assert "symptom:jobs-stuck-pending" in found
        found = self.suggest(
            "grad norm keeps spiking to 1e4 every ~2k steps then the loss recovers, doesn't go nan"
        )
        assert "symptom:loss-spike" in found
        found = self.suggest(
            "one rank keeps dying on node gpu-h112, always the same one. we replaced the job "
            "3 times and it always dies there"
        )
        assert "contributing_factor:repeat-offender-nodes" in found
        found = self.suggest(
            "Our deepspeed zero-3 run hangs at startup during the first allgather, only when "
            "we go above 256 nodes. below that it trains fine."
        )
        assert "contributing_factor:repeat-offender-nodes" not in found
        found = self.suggest(
            "after upgrading to the new pytorch container (24.05) our MFU went from 52% to "
            "41%. nothing else changed. rolled back and it's fine again"
        )
        assert "root_cause:software-regression" in found
        found = self.suggest("nothing else changed but the job hangs with no error")
        assert "root_cause:software-regression" not in found
        found = self.suggest(
            "Someone put NCCL_IB_HCA=mlx5_0 in the shared module file so everything is only "
            "using one of the 8 NICs."
        )
        assert "root_cause:configuration-change" in found
        found = self.suggest("at 02:14 a utility power blip at the site tripped the UPS")
        assert "root_cause:power-fluctuation" in found

    def test_more_of_a_training_teams_and_an_on_calls_words(self):
        """The twenty-third round's other misses: jobs "all … pending", "no gpu capacity in
        the zone", a queue time "through the roof", a GPU util at 100% while nothing moves,
        ranks that are slow, a state "loaded fine", a PCIe link at "Gen3 x16 instead of
        Gen5", S3's bare "SlowDown", Triton by its one word beside serving's."""
        found = self.suggest("now all their jobs are pending. reverted")
        assert "symptom:jobs-stuck-pending" in found
        found = self.suggest(
            "triton returning 503s for the embedding model, queue time through the roof, "
            "only one instance up because the HPA cant scale - no gpu capacity in the zone"
        )
        assert {
            "root_cause:capacity-exhaustion",
            "symptom:increased-latency",
            "component:inference-server",
            "workload:inference",
        } <= set(found)
        found = self.suggest(
            "our 70B run just froze at step 41k, all ranks still at 100% GPU util in "
            "nvidia-smi but the step counter hasn't moved in 40 min"
        )
        assert "contributing_factor:misleading-signals" in found
        found = self.suggest("Only ranks on the rack 14 nodes are slow; IB link looks up")
        assert "symptom:training-throughput-drop" in found
        found = self.suggest(
            "the loss jumps from 1.92 to 2.6 then slowly comes back down. the dataloader "
            "state wasn't restored, the optimizer state is loaded fine"
        )
        assert "component:optimizer" not in found
        found = self.suggest("PCIe gen shows Gen3 x16 instead of Gen5 in nvidia-smi")
        assert "symptom:pcie-error" in found
        found = self.suggest("s3 ckpt upload failing intermittently, botocore says SlowDown")
        assert "symptom:requests-throttled" in found
        assert "symptom:requests-throttled" not in self.suggest("a slowdown in training")

    def test_a_fleet_technicians_notes(self):
        """A twenty-fourth round of blind helpers (a GPU cloud's hardware technician): a
        part swapped "no change" is ruled out wherever the text names it, unless named
        again after as the next suspect; "pulled the wrong breaker" is an operator's error
        and "rack power dropped" lost power; "8 nodes hard down" and "node hung" are the
        machines' failures, not a service's outage or a job's hang; "random segfaults" come
        and go; "2nd time this node" is a repeat offender; "its the riser … not the GPU"
        blames the PCIe; "prob the power distribution board" the server's power."""
        found = self.suggest(
            "OSFP port 3 on the CX7 flapping. swapped transceiver, no change. swapped cable, "
            "still flapping. next is the HCA itself"
        )
        assert "component:optical-transceiver" not in found
        assert "symptom:network-link-flapping" in found
        found = self.suggest(
            "swapped PSU2, no change. still getting this in SEL so prob the power "
            "distribution board"
        )
        assert {"component:power-supply", "root_cause:host-component-failure"} <= set(found)
        found = self.suggest(
            "rack power dropped during PDU work, electrician pulled the wrong breaker. 8 "
            "nodes hard down, all came back clean."
        )
        assert {
            "root_cause:operator-error",
            "root_cause:power-loss",
            "symptom:node-failure",
        } <= set(found)
        assert "symptom:full-outage" not in found
        found = self.suggest(
            "CPU1 IERR in the SEL, node hung, had to power cycle from BMC. 2nd time this node "
            "in 2 weeks, RMA the CPU + mobo"
        )
        assert {"symptom:node-failure", "contributing_factor:repeat-offender-nodes"} <= set(found)
        assert "symptom:job-hang-without-error" not in found
        assert "symptom:job-hang-without-error" in self.suggest("the job on node 12 hung")
        found = self.suggest("customer seeing random segfaults in pytorch only on h200-77")
        assert "symptom:intermittent-failures" in found
        found = self.suggest(
            "gpu4 keeps droping off the bus under load. swapped slots w/ gpu5 and the fault "
            "followed the slot not the gpu. its the riser/PCIe switch board not the GPU"
        )
        assert "root_cause:pcie-fault" in found

    def test_an_llm_apis_incident_channel(self):
        """A twenty-fourth round of blind helpers (an LLM API's incident commander) missed
        the Inference workload twelve times: a serving API's paths ("POST /v1/embeddings"),
        TTFT, streaming requests, the model's answers, tokens/s per replica; vLLM's frames in
        a traceback name the server; TTFT beside a router names the request router;
        "after switching … from fp16 to fp8" is a configuration change."""
        for text in (
            '[2024-06-02T03:14:55.120Z] "POST /v1/embeddings HTTP/2" 503 UH 0 91 0 - '
            '"10.0.12.4" "python-requests/2.31.0"',
            "customers getting 429s though they are under quota; the rate limiter counts "
            "tokens twice for streaming requests",
            "users reporting the model answers in weird format after the update",
            "GPU clocks dropped to ~900MHz, tokens/s per replica down 40%",
        ):
            with self.subTest(text):
                assert "workload:inference" in self.suggest(text)
        found = self.suggest(
            "Traceback (most recent call last):\n"
            '  File "/usr/local/lib/python3.10/dist-packages/vllm/engine/async_llm_engine.py"'
            ", line 42, in _raise_exception_on_finish\n    task.result()\n"
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."
        )
        assert "component:inference-server" in found
        found = self.suggest(
            "p95 TTFT roughly doubled right after the 14:05 deploy of the router, from ~350ms "
            "to ~800ms"
        )
        assert "component:request-router" in found
        found = self.suggest(
            "after switching the 70B serving from fp16 to fp8 weights, our eval suite shows a "
            "6 point drop"
        )
        assert "root_cause:configuration-change" in found

    def test_a_security_engineers_tickets(self):
        """A twenty-fifth round of blind helpers (a security engineer) found 61 of 160
        values: who got in (jobs nobody submitted, a shell popped, root on the host, a user
        nobody recognises from a tor exit), what was seen (a key pushed to a public repo,
        anyone could pull the weights, private repos cloned), what was left open (reachable
        from the internet, allUsers, cluster-admin, a mounted docker.sock, access never
        revoked); a leaked key "wasn't used" is no theft; "more like X than an actual
        ddos" rules the DDoS out."""
        found = self.suggest(
            "ray dashboard on the research cluster was reachable from the internet on 8265 "
            "for ~3 days, someone submitted jobs via the jobs api."
        )
        assert {
            "root_cause:insecure-configuration",
            "symptom:unauthorised-access",
            "workload:security",
        } <= set(found)
        found = self.suggest(
            "container breakout on a shared H100 node: user escaped via a mounted docker.sock "
            "and got root on the host. other tenants on that node potentially exposed"
        )
        assert {
            "root_cause:insecure-configuration",
            "symptom:unauthorised-access",
            "contributing_factor:multi-tenant-cluster",
        } <= set(found)
        found = self.suggest(
            "aws access key for the data-pipeline IAM user got pushed to a public gh repo. key "
            "was rotated within 20 min, cloudtrail shows it wasn't used."
        )
        assert {"symptom:data-exposure", "workload:security"} <= set(found)
        assert "root_cause:stolen-credentials" not in found
        found = self.suggest(
            "someone's PAT with repo scope was used from an IP in a country we have no staff "
            "in, cloned 14 private repos"
        )
        assert {"symptom:data-exposure", "symptom:unauthorised-access"} <= set(found)
        found = self.suggest(
            "cloudtrail shows CreateAccessKey for a user nobody recognises, from a tor exit"
        )
        assert "symptom:unauthorised-access" in found
        for text in (
            "gcs bucket with training data was set to allUsers:objectViewer by a terraform change",
            "k8s SA token mounted in every ray worker pod had cluster-admin",
            "former contractor still had a working kubeconfig for the prod cluster; access was "
            "never revoked",
        ):
            with self.subTest(text):
                assert "root_cause:insecure-configuration" in self.suggest(text)
        found = self.suggest(
            "inference endpoint got hammered ~40k rps, looks more like credential stuffing "
            "against api keys than an actual ddos"
        )
        assert "root_cause:denial-of-service-attack" not in found

    def test_a_shared_platforms_admin(self):
        """A twenty-fifth round of blind helpers (a multi-tenant research platform's admin)
        missed *Multi-tenant cluster* six times: another team hammering storage,
        "everyone's dataloaders", a share burned through, preemption by another team's
        job; a pod "is pending"; a kubelet that "evicted every pod"; Slurm's "Killing
        JobId=… StepId=… on failed node"; Slurm's sacct and sshare; image pulls and the
        registry (not the autoscaler's "node registry")."""
        for text in (
            "fyi team vision has been hammering lustre with millions of tiny files and "
            "everyone's dataloaders are crawling",
            "team robotics burned through their share last week so their jobs now get lower "
            "priority",
            "Your pretrain job was preempted by a higher-priority QOS (urgent) job from the "
            "deadline team.",
        ):
            with self.subTest(text):
                assert "contributing_factor:multi-tenant-cluster" in self.suggest(text)
        found = self.suggest(
            "the reason your pod requesting nvidia.com/mig-3g.40gb is pending is that nobody "
            "has that profile configured"
        )
        assert "symptom:jobs-stuck-pending" in found
        found = self.suggest("filled the local disk and kubelet evicted every pod on gpu-node-22")
        assert "symptom:job-crash" in found
        found = self.suggest(
            "[2025-03-13T11:02:54.113] Killing JobId=905531 StepId=0 on failed node l40s-05"
        )
        assert "symptom:job-crash" in found
        found = self.suggest(
            "sacct -j 902113 --format=JobID,State,ExitCode,NodeList\n"
            "902113       NODE_FAIL      0:0  gpu-h[041-048]"
        )
        assert "component:job-scheduler" in found
        found = self.suggest(
            "image pulls on new burst nodes are super slow (15+ min for the 18GB image), pods "
            "sit in ContainerCreating"
        )
        assert "component:package-or-model-registry" in found
        found = self.suggest(
            "E1120 06:39:32.367506 1 static_autoscaler.go:128] Failed to update node registry: "
            "Throttling: Rate exceeded"
        )
        assert "component:package-or-model-registry" not in found

    def test_an_hpc_centres_and_a_tpu_users_words(self):
        """A twenty-sixth round of blind helpers (an AMD supercomputer's admins, a TPU and
        Trainium user): "runs fine on MI250X" and "(lustre, os image) went ok" say what was
        well; an all-reduce on TPU slices is no NCCL; NCCL's "Call to connect returned
        Connection timed out" lost connectivity; HIP's error codes and "HIP out of memory";
        rocm-smi's 94.0c; a node that "keeps draining"; a named node that "hard hung";
        "whole system down", "All running jobs were lost", "nothing got scheduled", "very
        long queue times"; checkpoints corrupted on an OST; Orbax; EFA; "no capacity."."""
        found = self.suggest(
            "training hangs at first allreduce but ONLY on the MI300X partition, same "
            "container runs fine on MI250X."
        )
        assert "accelerator:mi250x" not in found
        found = self.suggest(
            "slingshot switch firmware update failed on 3 switches, had to roll back. rest of "
            "the maintenance (lustre, os image) went ok."
        )
        assert "component:shared-file-system" not in found
        found = self.suggest(
            "our multislice run (2x v5p-128) hangs on the first all-reduce across slices"
        )
        assert "component:nccl" not in found
        for line, value in (
            (
                "nid005123:41234:41301 [3] NCCL INFO Call to connect returned Connection timed "
                "out, retrying",
                "symptom:network-connectivity-loss",
            ),
            ("user gets hipErrorNoBinaryForGpu - compiled for gfx90a", "symptom:cuda-error"),
            (
                "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB.",
                "component:gpu-memory-hbm",
            ),
            (
                "so 10 pods land on one gpu and all of them OOM with CUDA out of memory",
                "component:gpu-memory-hbm",
            ),
            (
                "GPU  Temp (DieEdge)  AvgPwr  SCLK     MCLK\n3    94.0c           498.0W  800Mhz",
                "root_cause:gpu-overheating",
            ),
            (
                'nid005432 keeps draining with "Kill task failed", GPU3 stuck in reset',
                "contributing_factor:repeat-offender-nodes",
            ),
            ("MI300A node nid002345 hard hung, no dmesg", "symptom:node-failure"),
            ("Outage notice: whole system down 02:10-05:40", "symptom:full-outage"),
            ("All running jobs were lost, please resubmit.", "symptom:job-crash"),
            (
                "running jobs kept going but nothing got scheduled for ~45min",
                "symptom:jobs-stuck-pending",
            ),
            (
                "users complaining about very long queue times since tuesday",
                "symptom:jobs-stuck-pending",
            ),
            (
                "OST failover on /scratch, checkpoints corrupted for 2 projects",
                "component:shared-file-system",
            ),
            (
                "orbax restore fails after we moved from v4-128 to v5p-64",
                "symptom:checkpoint-failure",
            ),
            ("EFA enabled on the launch template, still hangs", "component:nic"),
            ("quota is fine, the zone just has no capacity.", "root_cause:capacity-exhaustion"),
            (
                "cabinet coolant alarm, GPUs throttled, jobs ~30% slower for 2h",
                "symptom:training-throughput-drop",
            ),
            (
                "one big alltoall job was saturating the fabric, other users' jobs slowed 2-3x",
                "contributing_factor:multi-tenant-cluster",
            ),
        ):
            with self.subTest(line):
                assert value in self.suggest(line)

    def test_what_was_bumped_and_what_a_limit_is(self):
        """A setting bumped is no new version ("after the batch size bump"); a piece of
        software bumped in lower case is ("after we bumped vllm": a software regression;
        "bumped the driver": a driver bug); a container's memory limit is the host's
        memory; Slurm's pending reasons name the scheduler and, for a limit reached, a job
        stuck pending; a spot reclaim is lost capacity; a team's ResourceQuota is a shared
        cluster's."""
        found = self.suggest("job died with GPU OOM after the batch size bump")
        assert "root_cause:software-regression" not in found
        assert "component:gpu-memory-hbm" in found
        found = self.suggest("latency spiked after we bumped vllm")
        assert "root_cause:software-regression" in found
        assert "root_cause:configuration-change" not in found
        found = self.suggest("since we bumped the driver we get Xid 119")
        assert "root_cause:firmware-or-driver-bug" in found
        # (and upgraded: "after upgrading the driver from 535 to 550", a twenty-eighth round)
        found = self.suggest(
            "after upgrading the driver from 535 to 550 on A800 nodes, training throughput "
            "drop like 15%."
        )
        assert "root_cause:firmware-or-driver-bug" in found
        assert "root_cause:software-regression" not in found
        found = self.suggest(
            "OOMKilled on the data loader sidecar, not GPU OOM - the container memory limit is 64Gi"
        )
        assert "component:host-cpu-and-memory" in found
        assert "component:gpu-memory-hbm" not in found
        found = self.suggest(
            "JobId=884213 JobName=llm-ft-7b Account=nlp QOS=normal JobState=PENDING "
            "Reason=QOSGrpGRES Dependency=(null)"
        )
        assert {"component:job-scheduler", "symptom:jobs-stuck-pending"} <= set(found)
        found = self.suggest("spot reclaim wave in us-east1-b, lost 14 of the 20 burst nodes")
        assert "symptom:capacity-loss" in found
        found = self.suggest(
            'ResourceQuota exceeded for team-nlp: "exceeded quota: gpu-quota, requested: '
            'requests.nvidia.com/gpu=4"'
        )
        assert "contributing_factor:multi-tenant-cluster" in found

    def test_a_storage_engineers_and_an_image_apps_words(self):
        """A twenty-seventh round of blind helpers (a storage engineer for AI; an
        image-generation app's on-call): a deploy "across 2 nodes" that hangs is the
        deploy's hang, not the nodes'; "gpu side looks done", "dataloader isnt complaining"
        and "the aws side absorbed traffic fine" say what was well; a data file's name
        ("optimizer.pt") and Cloudflare's "Ray ID" name no part or project; a checkpoint
        writer's "Exception in save"; a person's setting "1 day instead of 30"; an
        image-generation service's words are inference; Celery and a queue's depth are the
        message queue's."""
        found = self.suggest(
            "tensor parallel 70B deploy across 2 nodes hangs at init forever, rank 3 never joins."
        )
        assert "symptom:job-hang-without-error" in found
        found = self.suggest(
            "comfyui workers stuck but never return the image, cloudflare 524 on the client "
            "side. gpu side looks done in ~20s"
        )
        assert "component:gpu" not in found
        assert "workload:inference" in found
        found = self.suggest(
            "checkpoint save went from ~90s to 14 min since yesterday. writes to /weka/ckpt "
            "look slow but reads are fine, dataloader isnt complaining"
        )
        assert "component:training-data-loader" not in found
        found = self.suggest(
            "gcp europe-west4 had a regional networking outage, our gke control plane was "
            "unreachable for ~50min. the aws side absorbed traffic fine"
        )
        assert "organisation:amazon-web-services" not in found
        found = self.suggest(
            "OSError: [Errno 122] Disk quota exceeded: "
            "'/gpfs/projects/nlp-team/ckpt/step_48000/optimizer.pt'"
        )
        assert "component:optimizer" not in found
        found = self.suggest("Error 524 Ray ID: 88a1b2c3d4e5f607 • 2024-06-10 12:44:03 UTC")
        assert "organisation:ray-project" not in found
        found = self.suggest(
            "2024-07-09 16:22:01,441 ERROR torch.distributed.checkpoint: [rank 37] Exception in "
            "save: OSError: [Errno 5] Input/output error"
        )
        assert {"symptom:checkpoint-failure", "component:checkpoint-storage"} <= set(found)
        found = self.suggest(
            "someone applied a lifecycle rule on the training-data bucket with expiration 1 "
            "day instead of 30, we lost ~40TB of preprocessed tokens overnight"
        )
        assert "root_cause:operator-error" in found
        found = self.suggest(
            "users reporting fully black images from the img2img endpoint since yesterdays deploy"
        )
        assert "workload:inference" in found
        found = self.suggest(
            "queue depth on sdxl-default hit 14k around 19:40, p95 wait went from 8s to 6min"
        )
        assert "component:message-queue" in found

    def test_a_platform_sres_incident_reviews(self):
        """A twenty-eighth round of blind helpers (an internal ML platform's SRE): DCGM's
        exporter's GPU temperature; a link that "trained down to PCIe Gen4 x8"; "the 3rd
        time on <node> this month"; pods that "went Pending"; slurmctld that "stopped
        accepting" jobs."""
        found = self.suggest(
            "[FIRING:3] DCGMGpuTemperatureHigh (h100-r12-n04 dcgm-exporter critical)\n"
            " gpu=5 Hostname=h100-r12-n04 DCGM_FI_DEV_GPU_TEMP=93"
        )
        assert "root_cause:gpu-overheating" in found
        found = self.suggest(
            "the slow all-reduce came down to a single node whose GPU 6 had trained down to "
            "PCIe Gen4 x8"
        )
        assert "symptom:pcie-error" in found
        found = self.suggest(
            "some GPUs didn't come up after reboot. this is the 3rd time on gpu-h100-142 this month"
        )
        assert "contributing_factor:repeat-offender-nodes" in found
        found = self.suggest("Pods requesting nvidia.com/mig-1g.10gb went Pending across the board")
        assert "symptom:jobs-stuck-pending" in found
        found = self.suggest(
            'slurmctld stopped accepting new job submissions for ~50 min: "sbatch: error: '
            'Batch job submission failed: Slurm temporarily unable to accept job"'
        )
        assert "symptom:control-plane-unresponsive" in found

    def test_the_twenty_eighth_batch_of_signatures(self):
        """Lines of storage, non-NVIDIA accelerators, autoscalers and queues that named
        nothing before (a twenty-eighth batch of signatures, each checked against its cited
        source by a second helper): Ceph's MDS health, IBM Storage Scale's lost
        membership, the amdgpu driver's SMU and RAS lines, the Neuron runtime, Karpenter's
        interruption handling, Celery's broker connection."""
        for line, value in (
            ("HEALTH_WARN 1 MDSs report slow metadata IOs", "component:shared-file-system"),
            (
                "Mon Jun 25 16:11:21 2018: Lost membership in cluster remote.cluster. "
                "Unmounting file systems.",
                "component:shared-file-system",
            ),
            (
                "amdgpu 0000:03:00.0: amdgpu: SMU: I'm not done with your previous command: "
                "SMN_C2PMSG_66:0x00000006",
                "component:gpu",
            ),
            (
                "amdgpu 0000:c3:00.0: amdgpu: 1 uncorrectable hardware errors detected in umc "
                "block",
                "component:gpu-memory-hbm",
            ),
            (
                "2021-Aug-27 23:22:12.0323 28078:28078 ERROR   NRT:nrt_allocate_neuron_cores   "
                "NeuronCore(s) not available - Requested:nc1-nc1 Available:0",
                "symptom:gpu-not-visible",
            ),
            (
                "INFO controller.interruption initiating delete from interruption message",
                "symptom:capacity-loss",
            ),
            (
                "consumer: Cannot connect to redis://localhost:6379/0: Error 111 connecting to "
                "localhost:6379. Connection refused..",
                "component:message-queue",
            ),
        ):
            with self.subTest(line):
                assert self.suggest(line)[value]["how"] == "signature"

    def test_an_engineer_writing_in_a_second_language(self):
        """A twenty-eighth round of blind helpers (an engineer writing English as a second
        language): a job that "stay PD" is stuck pending, and idle nodes beside it mean no
        capacity ran out; "same NCCL version" names NCCL unchanged; 'torch.load say
        "PytorchStreamReader failed …"' is a load that failed, no unsafe load."""
        found = self.suggest(
            "Slurm job stay PD with reason (Resources) but sinfo show 20 idle node in gpu "
            "partition. not reservation."
        )
        assert "symptom:jobs-stuck-pending" in found
        assert "root_cause:capacity-exhaustion" not in found
        found = self.suggest(
            "after upgrade driver from 535 to 550 on A800 nodes, training throughput drop like "
            "15%. nothing else change, same image, same NCCL version."
        )
        assert "component:nccl" not in found
        found = self.suggest(
            'the checkpoint is corrupted, torch.load say "PytorchStreamReader failed reading '
            'zip archive: failed finding central directory"'
        )
        assert "symptom:checkpoint-failure" in found
        assert "root_cause:unsafe-deserialisation" not in found

    def test_an_hpc_helpdesks_and_an_llm_on_calls_words(self):
        """A twenty-ninth round of blind helpers (a university HPC centre's sysadmin, an LLM
        API's on-call): what "made us think" of the gateway, which "was fine", is no
        chip; a node Slurm reports down that one can ssh into did not fail, the report
        misled; "fabric manager wasnt running" is missing node software; "our vllm
        server crashed" is a program, no machine; "the same card as last week" is a
        repeat offender, and the request around it ("can someone check if its the …")
        reads as nothing; "remapping pending" in nvidia-smi -q is the GPU's memory
        failing, no job pending; vLLM's own log prefix names the inference server."""
        found = self.suggest(
            "Latency spiked on both clouds at the same time, which made us think gateway, "
            "but the gateway was fine."
        )
        assert "symptom:increased-latency" in found
        assert "component:load-balancer" not in found
        found = self.suggest(
            "NCCL timeouts had everyone blaming the network, turned out to be a slow disk"
        )
        assert "symptom:nccl-timeout" in found
        found = self.suggest(
            "slurm has node down 'Not responding' but i can ssh in fine, slurmd had just died?? "
            "restarted it and its back"
        )
        assert "symptom:node-failure" not in found
        assert "contributing_factor:misleading-signals" in found
        assert "symptom:node-failure" in self.suggest(
            "node went down, cant ssh in, had to power cycle"
        )
        assert "symptom:node-failure" in self.suggest(
            "the node rebooted by itself. ssh is fine now"
        )
        assert "root_cause:missing-node-software" in self.suggest(
            "fabric manager wasnt running on the new HGX H100 box so cuda init failed"
        )
        found = self.suggest("our vllm server crashed with CUDA OOM")
        assert "component:inference-server" in found
        assert "symptom:node-failure" not in found
        assert "symptom:node-failure" in self.suggest("two servers crashed overnight")
        found = self.suggest(
            "jobs on gpu-h100-07 keep dying w/ ECC errors again, drained it. can someone "
            "check if its the same card as last week"
        )
        assert "contributing_factor:repeat-offender-nodes" in found
        assert "root_cause:operator-error" not in found
        found = self.suggest(
            "ecc errors climbing on node h100-b-12, no xids yet but nvidia-smi -q says "
            "remapping pending. should we drain?"
        )
        assert "root_cause:gpu-memory-fault" in found
        assert "symptom:jobs-stuck-pending" not in found
        found = self.suggest(
            "ERROR 11-04 09:02:44 engine.py:158] RuntimeError: CUDA error: an illegal memory "
            "access was encountered"
        )
        assert found["component:inference-server"]["how"] == "signature"

    def test_a_gpu_nothing_can_see(self):
        """A new user's tryout: "pod can't see the GPU, nvidia-smi shows no devices" read
        as cluster networking, "nvidia-smi shows no devices" as nothing, and "the
        container doesnt see any gpus" as a clause saying nothing was seen."""
        for text in (
            "pod can't see the GPU, nvidia-smi shows no devices",
            "nvidia-smi shows no devices",
            "the container doesnt see any gpus",
        ):
            found = self.suggest(text)
            assert "symptom:gpu-not-visible" in found, text
            assert "component:cluster-networking" not in found, text
        assert "symptom:gpu-not-visible" not in self.suggest(
            "we can't see the GPU temps in grafana"
        )
        assert self.suggest("we didnt see any xid errors") == {}

    def test_a_training_sres_pages_and_a_gpu_clouds_tickets(self):
        """A thirtieth round of blind helpers (a training cluster's SRE, a GPU cloud's
        support engineer): "3rd time this wk" counts a repeat, and a GPU's trouble is no
        Faulty TPU; fabric manager "didnt come back" is missing node software; a node's
        "flapping IB port" flaps; nodes "never uncordoned" after maintenance are an
        operator's slip; nvidia-smi that "couldn't communicate with the NVIDIA driver"
        sees no GPU."""
        found = self.suggest(
            "gpu-a117 dropped a gpu off the bus again, 3rd time this wk. reboot brings it "
            "back every time. rma it?"
        )
        assert "contributing_factor:repeat-offender-nodes" in found
        assert "root_cause:faulty-tpu" not in found
        assert "root_cause:missing-node-software" in self.suggest(
            "it was fabricmanager on the hgx boxes that didnt come back after the kernel update"
        )
        assert "symptom:network-link-flapping" in self.suggest(
            "we first thought the NCCL timeout was their code but turned out one node had a "
            "flapping IB port, swapped the cable and its fine now"
        )
        assert "root_cause:operator-error" in self.suggest(
            "pods stuck Pending for 2h. turns out 8 nodes from yesterdays maintenance were "
            "never uncordoned lol"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "nvidia-smi said it couldn't communicate with the NVIDIA driver"
        )

    def test_a_datacenter_operators_handover_notes(self):
        """A thirty-first round of blind helpers (a datacenter's power, cooling and repair
        engineer): a cause a log line implies before the text says what it turned out to
        be is not suggested (the errors still are); "gpu6 … 3rd time this month" counts a
        repeat on a GPU named with its index; a question ("anyone know why …") is read as
        its words."""
        found = self.suggest(
            "We had a wave of ECC double-bit errors across three nodes in the same rack, which "
            "first looked like a bad batch of GPUs. Turned out the rack's rear-door heat "
            "exchanger had failed."
        )
        assert "symptom:ecc-error" in found
        assert "root_cause:gpu-memory-fault" not in found
        assert "root_cause:gpu-memory-fault" in self.suggest(
            "we thought it was the network, turned out GPU 3 had double-bit errors"
        )
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(
            "nvlink errors on r12-n8 gpu6 again, 3rd time this month"
        )
        assert "component:gpu" in self.suggest(
            "anyone know why nvidia-smi shows 8 gpus but one is stuck at 'ERR!' for power "
            "draw? fans and temps look normal"
        )

    def test_an_inference_on_calls_and_a_fabric_engineers_words(self):
        """A thirty-second round of blind helpers (an LLM inference platform's on-call; a
        training cluster's network and storage engineer): errors on a link name its fabric;
        DCGM's pending page retirements are failing GPU memory; vLLM's metrics showing a
        full KV cache or preemptions name the KV cache (not a count of zero); "Could not
        resolve Linux kernel version" is no DNS failure; a word of how a thing is said
        ("still") does not let the meaning layer read a part ("ASIC" is no autoscaler);
        RAM leaks; checkpoint writes that fail or crawl; throughput "tanking"."""
        assert "component:infiniband-fabric" in self.suggest(
            "hca on gpu-1027 port 3 has tons of symbol errs, reseated the transceiver, still "
            "bad, swapping cable next"
        )
        found = self.suggest(
            "$ dcgmi diag -r 3\n| Memory                    | Fail - GPU: 5      |\n"
            "| Warning                   | GPU 5 Pending page retirements detected. Drain the "
            "GPU and reset it or reboot the node. |"
        )
        assert {"root_cause:gpu-memory-fault", "symptom:ecc-error"} <= set(found)
        assert "component:kv-cache" in self.suggest(
            "[FIRING:1] HighTTFT llm-serving (vllm-mixtral-8x7b prod)\n"
            "num_requests_waiting=312 gpu_cache_usage_perc=0.99 num_preemptions_total +1840/5m"
        )
        assert "component:kv-cache" not in self.suggest(
            "is it KV cache eviction? no, num_preemptions is 0 in the vllm metrics"
        )
        found = self.suggest(
            "nvidia-driver-daemonset-x7k2p   0/1   Init:CrashLoopBackOff   9 (41s ago)   27m\n"
            "Could not resolve Linux kernel version\n"
            "Kernel headers for 6.8.0-1012-gcp not found. Failed to install kernel module."
        )
        assert "symptom:dns-resolution-failure" not in found
        assert "symptom:dns-resolution-failure" in self.suggest(
            "pods cant resolve s3 endpoint randomly"
        )
        found = self.suggest(
            "ruled out the cables, swapped both ends and the link still flaps. looks like a bad "
            "switch port / ASIC"
        )
        assert "component:autoscaler" not in found
        assert "component:network-switch" in found
        assert "root_cause:memory-leak" in self.suggest(
            "vllm pod keeps getting OOMKilled by kubelet, looks like the tokenizer workers are "
            "leaking RAM"
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            "OST0031 went read-only after a raid rebuild, jobs writing ckpts there fail with EIO"
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            "checkpoint writes to /lustre/scratch taking 25+ min now vs 4 min last week"
        )
        assert "symptom:checkpoint-failure" not in self.suggest(
            "jobs writing ckpts are fine, errors were elsewhere"
        )
        assert "symptom:training-throughput-drop" in self.suggest(
            "throughput tanking on the MoE run"
        )
        assert "symptom:network-connectivity-loss" in self.suggest(
            "switch fw update on the core rolled out at 2am and ~200 nodes lost IB for 10 min"
        )

    def test_quotas_slow_model_loads_aer_and_a_swapped_card(self):
        """The same round: a cloud's GPU quota reached is capacity exhausted (not a rate
        limiter); a model that loads slowly or is "still loading" is slow model loading
        (not when its loading is fine); an AER fatal is a PCIe error; a swapped HCA was a
        faulty NIC, unless the swap did not help."""
        found = self.suggest(
            "capacity loss isnt from hw failures, it's quota. we hit the regional GPU quota so "
            "the autoscaler cant add nodes"
        )
        assert "root_cause:capacity-exhaustion" in found
        assert "component:rate-limiter" not in found
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "googleapi: Error 403: Quota 'NVIDIA_H100_GPUS' exceeded. Limit: 8.0 in region "
            "us-central1., quotaExceeded"
        )
        assert "symptom:slow-model-loading" in self.suggest(
            "its not OOM, mem is at 60%. pods restart because the liveness probe times out "
            "while the model is still loading"
        )
        assert "symptom:slow-model-loading" in self.suggest(
            "no thermal throttling, clocks pinned at max. the slowdown is storage: model load "
            "reading from NFS at 50MB/s"
        )
        assert "symptom:slow-model-loading" not in self.suggest(
            "model loading is fine, the slowness is in decoding"
        )
        assert "symptom:pcie-error" in self.suggest(
            "the GPU didn't fall off the bus, the HCA did - mlx5 gone from lspci after an AER fatal"
        )
        assert "root_cause:nic-fault" in self.suggest(
            "ruled out the switch: moved the node to a different leaf, same symbol errors on "
            "its port. swapped the cable, still there. replaced the HCA -> clean"
        )
        assert "root_cause:nic-fault" not in self.suggest(
            "replaced the cable and the NIC, still flapping"
        )

    def test_what_ran_at_full_speed_or_passed_in_a_drawn_table(self):
        """A thirty-third round of blind helpers (a university cluster's PhD student; an
        MLOps engineer): what "hits full bus bw" or "finishes in <1min" is ruled out; a row
        of dcgmi's drawn table that passes names nothing, one that warns of pending page
        retirements is failing GPU memory; one GPU "just slow" that the whole job waits on
        is fail-slow hardware and synchronous training."""
        found = self.suggest(
            "Not the network — IB counters are clean and nccl-tests allreduce hits full bus bw. "
            "Looks like one GPU on node-17 is just slow and the whole job waits on it every step."
        )
        assert "component:nccl" not in found
        assert {
            "root_cause:fail-slow-hardware",
            "contributing_factor:synchronous-training",
        } <= set(found)
        assert "component:nccl" in self.suggest("nccl allreduce only hits 40 GB/s busbw")
        found = self.suggest(
            "ruled out storage, ckpt writes finish in <1min. the hang is somewhere in NCCL init "
            "on restart, before step 0"
        )
        assert "component:checkpoint-storage" not in found
        assert "component:checkpoint-storage" in self.suggest("ckpt writes take 40 min")
        found = self.suggest(
            "$ dcgmi diag -r 3\n"
            "+---------------------------+------------------------------------------------+\n"
            "| Diagnostic                | Result                                         |\n"
            "+===========================+================================================+\n"
            "| Memory                    | Fail - GPU: 5                                   |\n"
            "| Warning                   | GPU 5 Pending page retirements. Reboot needed.  |\n"
            "| PCIe                      | Pass - All                                     |"
        )
        assert "component:pcie" not in found
        assert {"root_cause:gpu-memory-fault", "symptom:ecc-error"} <= set(found)

    def test_a_gpu_sent_back_and_faulty_ram(self):
        """The corpus's tuning part: a GPU returned to the vendor was faulty (not a function
        that returned a GPU count); "faulty RAM" is the host's memory failing."""
        assert "root_cause:faulty-gpu" in self.suggest(
            "It was a hardware problem. I returned my GPU to the vendor and after they sent me a "
            "new one, the problem no longer exists."
        )
        assert "root_cause:faulty-gpu" not in self.suggest(
            "the function returned my GPU count as 0"
        )
        assert "root_cause:host-component-failure" in self.suggest(
            "node-1 has some faulty RAM which should be replaced."
        )

    def test_a_pod_oomkilled_ran_out_of_the_hosts_memory(self):
        """A thirty-third round of blind helpers: Kubernetes' OOMKilled is the host's memory
        (a container over its limit), CUDA's out of memory the GPU's."""
        found = self.suggest(
            "NAME                     READY   STATUS      RESTARTS     AGE\n"
            "llama-ft-sft-worker-0    0/1     OOMKilled   4 (2m ago)   38m"
        )
        assert {"symptom:out-of-memory", "component:host-cpu-and-memory"} <= set(found)
        found = self.suggest(
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
        )
        assert "component:host-cpu-and-memory" not in found
        assert "component:gpu-memory-hbm" in found

    def test_what_was_not_seen_ends_at_a_contrast(self):
        """A new user's tryout: "we haven't seen any Xid errors but jobs crash" listed
        nothing (the crash was read as not seen); "we are not seeing any OOM" and "we don't
        think it's a bad GPU" gave the chips they deny; "the node just hangs" gave none."""
        found = self.suggest("we haven't seen any Xid errors but jobs crash")
        assert "symptom:job-crash" in found
        assert "symptom:xid-error" not in found
        found = self.suggest("we are not seeing any OOM, the job just dies with SIGKILL")
        assert "symptom:out-of-memory" not in found
        assert "symptom:job-crash" in found
        found = self.suggest("we are not seeing any NCCL timeouts, the job hangs")
        assert "symptom:nccl-timeout" not in found
        assert "symptom:job-hang-without-error" in found
        assert "component:gpu" not in self.suggest("we don't think it's a bad GPU")
        assert "symptom:node-failure" in self.suggest(
            "nothing in dmesg, no Xid, no AER, the node just hangs"
        )
        assert "symptom:node-failure" not in self.suggest("the node hangs at NCCL init")

    def test_a_repeat_counted_on_a_named_node_and_another_parts_alerts(self):
        """A new user's tryout: "the third time on node gpu-h100-0417 this week" is a repeat
        offender; "the BMC shows power supply alerts" are the power supply's alerts, not
        the monitoring (nor capacity run out "under load")."""
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(
            "# this is the third time on node gpu-h100-0417 this week, it's the same GPU slot"
        )
        found = self.suggest(
            "our H100 nodes keep rebooting under load and the BMC shows power supply alerts"
        )
        assert {"symptom:node-failure", "component:power-supply"} <= set(found)
        assert "component:monitoring-and-logging" not in found
        assert "root_cause:capacity-exhaustion" not in found
        assert "component:monitoring-and-logging" in self.suggest(
            "our alerting was down so nobody got paged"
        )

    def test_nccls_socket_errors_inside_a_python_error(self):
        """A new user's tryout: a traceback's "socketProgress: Connection closed by remote
        peer" (NCCL's socket.cc, inside the Python error, without "NCCL WARN") named
        nothing."""
        assert "component:nccl" in self.suggest(
            "Last error:\nsocketProgress: Connection closed by remote peer gpu-node-31<54321>"
        )

    def test_ruling_out_the_storage_rules_out_every_storage_part(self):
        """A new user's tryout: "ruled out the storage, checkpoint saves are slow" gave
        Checkpoint storage (its head word is shared with Object storage, so a denial of
        it counted for neither); the slow saves stay."""
        found = self.suggest("ruled out the storage, checkpoint saves are slow")
        assert "component:checkpoint-storage" not in found
        assert "symptom:checkpoint-failure" in found
        assert "component:checkpoint-storage" in self.suggest(
            "checkpoint saves to the storage are slow"
        )
        found = self.suggest("hang during checkpoint save, storage looks healthy")
        assert "component:checkpoint-storage" not in found
        assert "symptom:job-hang-without-error" in found
        # (for parts only: "memory is flat" is no denial of running out of memory)
        assert "symptom:out-of-memory" in self.suggest(
            "rank 0 OOMs during the checkpoint gather, the other 127 are fine. not a leak, "
            "memory is flat right up until save"
        )

    def test_the_api_server_beside_kubernetes_words(self):
        """A thirty-second round of blind helpers: "kubelet lost the API server during the
        control plane upgrade" named no Kubernetes API server; a service's own "API server
        pods" are not it."""
        assert "component:kubernetes-api-server" in self.suggest(
            "nodes went NotReady bc kubelet lost the API server during the control plane upgrade"
        )
        assert "component:kubernetes-api-server" not in self.suggest(
            "our API server pods crashlooped after the k8s upgrade"
        )

    def test_a_server_that_returns_503(self):
        """A new user's tryout: "vLLM returns 503 under load" named no error rate
        ("returning 503s" did)."""
        assert "symptom:elevated-error-rate" in self.suggest(
            "vLLM returns 503 under load and requests queue up"
        )

    def test_a_node_that_rebooted_itself_and_a_lost_ib_link(self):
        """The same round: a node that "rebooted itself" failed, and one that "never came
        back" is not denied by "never"; a node that "lost its IB link" lost connectivity;
        CUDA's "driver version is insufficient" is a CUDA error."""
        assert "symptom:node-failure" in self.suggest(
            "the node rebooted itself in the middle of my run, uptime says 12 min"
        )
        assert "symptom:node-failure" in self.suggest(
            "the node rebooted by itself and never came back"
        )
        assert "symptom:network-connectivity-loss" in self.suggest(
            "my multi node job crashed with NCCL error and one node lost its IB link"
        )
        assert "symptom:cuda-error" in self.suggest(
            "RuntimeError: CUDA driver version is insufficient for CUDA runtime version"
        )

    def test_a_storage_engineers_and_a_break_fix_technicians_words(self):
        """A thirty-fourth round of blind helpers (a storage engineer on Lustre; a data
        centre's break-fix technician): Lustre's target names and "OSTs", a slow training
        "step time doubles", a kernel update, a flapping IB link, fans ramping, "only shows
        7 gpus", Slurm's GPU count below its configuration, a thermal shutdown, a NIC left
        on old firmware, dcgmi's failing PCIe row."""
        found = self.suggest(
            "$ lfs check servers\nscratch-OST0012-osc-ffff9a8c3e1f6000: check error: "
            "Resource temporarily unavailable"
        )
        assert "component:shared-file-system" in found
        found = self.suggest(
            "no Xid this time, but training step time doubles whenever the dataloader hits "
            "/lustre/datasets"
        )
        assert "symptom:training-throughput-drop" in found
        assert "symptom:training-throughput-drop" in self.suggest(
            "customer says training job slow. its the nvlink errs on gpu 4-5"
        )
        assert "symptom:training-throughput-drop" not in self.suggest(
            "training job slow to start, stuck in the queue"
        )
        found = self.suggest("after kernel update lustre client modules wont load")
        assert "component:host-operating-system" in found
        assert "component:host-operating-system" not in self.suggest(
            "the new CUDA kernel launch is slow"
        )
        found = self.suggest("ib link flapping on storage rail mlx5_3, lnet peers going down")
        assert "symptom:infiniband-link-errors" in found
        assert "symptom:infiniband-link-errors" not in self.suggest(
            "ethernet link flapping on the frontend switch"
        )
        assert "component:cooling-system" in self.suggest(
            "not a PSU issue, both PSUs show OK in SEL. fans ramping to 100% tho"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "nvidia-smi only shows 7 gpus on dgx-a100-017 after the power cycle"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "slurmctld: error: Setting node gpu-b04 state to INVAL with reason:gres/gpu "
            "count reported lower than configured (7 < 8)"
        )
        assert "root_cause:gpu-overheating" in self.suggest("thermal shutdown on gpu2")
        assert "root_cause:version-mismatch" in self.suggest(
            "one CX7 still on old fw after mlxfwmanager, others updated fine"
        )
        found = self.suggest(
            "| Diagnostic                | Result                                         |\n"
            "| PCIe                      | Fail - GPU: 3                                  |"
        )
        assert {"symptom:pcie-error", "component:health-check"} <= set(found)

    def test_what_a_question_is_asked_about_and_what_was_well(self):
        """The same round: a yes/no question only supposes its trouble, but the H100 it asks
        about is still the setting; a GPU sent back that left its slot "still flaky" is no
        faulty GPU; "PDU outlet shows steady power" rules out power loss read from the
        words around it; "not a storage issue, OSTs idle" rules out the Shared file system
        (a part of the Storage category); "torch.load" is PyTorch, not a deserialisation
        attack."""
        assert "accelerator:h100" in self.suggest(
            "is the H100 SXM RMA process diff from PCIe cards?"
        )
        assert "root_cause:nvlink-fault" not in self.suggest("could this be NVLink on our H100s?")
        found = self.suggest(
            "RMA'd GPU came back and same slot still flaky. prob the baseboard not the card"
        )
        assert "root_cause:faulty-gpu" not in found
        assert "symptom:intermittent-failures" in found
        found = self.suggest(
            "node keeps power cycling overnight, bmc SEL full of 'Power Supply AC lost' but "
            "PDU outlet shows steady power the whole time"
        )
        assert "root_cause:power-loss" not in found
        found = self.suggest(
            "ckpt restore taking 40 min vs 6 yesterday. not a storage issue afaict, OSTs "
            "idle, looks like torch.load single threaded on rank0"
        )
        assert "component:shared-file-system" not in found
        assert "root_cause:unsafe-deserialisation" not in found
        assert "component:training-framework" in found
        assert "component:shared-file-system" in self.suggest("two OSTs at 97%, writes stall")
        found = self.suggest(
            "the GPU 1 falls out of the bus. I checked the temperatures and power usage of "
            "GPU 1 before the failure and didn't get anything out of the usual."
        )
        assert "root_cause:gpu-overheating" not in found
        assert "symptom:gpu-fell-off-the-bus" in found

    def test_an_llm_api_sres_and_a_post_training_researchers_words(self):
        """A thirty-fifth round of blind helpers (an LLM API's SRE; a post-training
        researcher): an NFS server that does not answer, processes stuck in D state, a
        canary (a staged rollout), a KV cache "only 60% used", an error rate over its
        threshold, a GPU that failed "again on node X", a certificate rotation, requests
        preempted, the cluster autoscaler's own source files, DCGM's NVLink CRC errors,
        ibstat's port down, post-training's words, someone else's job, too few buffer
        nodes."""
        found = self.suggest("NFS server not responding on login node, jobs stuck in D state")
        assert {"component:shared-file-system", "symptom:job-hang-without-error"} <= set(found)
        assert "contributing_factor:no-staged-rollout" not in self.suggest(
            "canary for vllm 0.6.3 showing higher error rate in eu-west, halting rollout"
        )
        found = self.suggest(
            "vllm server returns 503 under load, its not the gpu mem, kv cache is only 60% used"
        )
        assert "component:kv-cache" not in found
        assert "symptom:elevated-error-rate" in found
        assert "symptom:elevated-error-rate" in self.suggest(
            "[2024-09-18 16:30:04] ERROR rollout canary-eu-west-2: error rate 4.8% exceeds "
            "threshold 1.0% (window 5m), aborting"
        )
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(
            "no Xid this time, but the GPU fell off the bus again on node gpu-h100-a17"
        )
        assert "root_cause:configuration-change" in self.suggest(
            "LB health checks failing for half the backends after cert rotation"
        )
        assert "component:batching-scheduler" in self.suggest(
            "kv cache full, requests getting preempted constantly on the llama-70b replicas"
        )
        assert "component:autoscaler" in self.suggest(
            "I0918 14:20:01.002113       1 scale_up.go:454] No expansion options"
        )
        assert "symptom:nvlink-error" in self.suggest(
            "| GPU ID: 2 | Warning | NVLink: Detected 14 NVLink flow-control CRC errors on link 5"
        )
        assert "symptom:infiniband-link-errors" in self.suggest(
            "CA 'mlx5_3'\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Polling"
        )
        assert "workload:training" in self.suggest(
            "ppo rollout workers OOM on h100, ref model + policy on same node"
        )
        assert "workload:training" not in self.suggest(
            "When I use llama7b after sft on sglang, I find that the output has garbled text"
        )
        assert "contributing_factor:multi-tenant-cluster" in self.suggest(
            "someone else's job is on my reserved h100s again"
        )
        assert "contributing_factor:too-few-spare-nodes" in self.suggest(
            'we lack the ability to provision a sufficient number of "buffer" nodes to replace '
            "a bad node"
        )
        assert "symptom:degraded-output-quality" in self.suggest(
            "its not the model weights, checksum matches. outputs are garbage only on one node"
        )

    def test_a_gpu_clouds_on_call_and_a_startups_ml_engineers_words(self):
        """A thirty-sixth round of blind helpers (a GPU cloud's on-call; a startup's ML
        engineer): "is it normal that …?" asks about what happened; what works "when"
        something else is fine; CUDA's runtime on an older driver (a version mismatch, not
        the container runtime); a device plugin advertising no GPUs; a kernel panic or a
        soft lockup is the host's kernel; the ingress, the HF Hub, the NVIDIA runtime, a
        batcher; Redfish's power supplies; PyTorch's distributed errors."""
        assert "component:nccl" in self.suggest(
            "is it normal that nccl falls back to sockets? we dont have IB on these"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "why does torch.cuda.is_available() return False inside the container when "
            "nvidia-smi works fine on the host"
        )
        found = self.suggest(
            "not a hw issue imo, customer's container has cuda 12.4 runtime on 535 driver"
        )
        assert "root_cause:version-mismatch" in found
        assert "component:container-runtime" not in found
        assert "symptom:gpu-not-visible" in self.suggest(
            "looks like the nvidia device plugin isnt advertising any gpus anymore"
        )
        assert "component:host-operating-system" in self.suggest(
            "kernel panic on boot after reimage, serial console shows stuck at module load"
        )
        assert "component:host-operating-system" in self.suggest(
            "sshd not responding on h100-r22-n05, console shows soft lockup"
        )
        assert "component:host-operating-system" not in self.suggest(
            "the Xid 13s are from a user's buggy kernel (graphics engine exception, "
            "reproduces on known-good GPUs), not the hardware"
        )
        assert "component:load-balancer" in self.suggest(
            "clients getting 503s from the ingress since this morning"
        )
        assert "component:package-or-model-registry" in self.suggest(
            "hf hub downloads keep getting 429 when 8 pods start at once"
        )
        assert "component:container-runtime" in self.suggest(
            "k3s node NotReady after reboot, kubelet says it cant find the nvidia runtime"
        )
        assert "component:power-supply" in self.suggest(
            '{"@odata.id": "/redfish/v1/Chassis/1/Power", "PowerSupplies": [{"MemberId": "1", '
            '"Status": {"Health": "Critical", "State": "Enabled"}}]}'
        )
        assert "component:training-framework" in self.suggest(
            "torch.distributed.DistBackendError: NCCL error in: "
            "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error"
        )

    def test_a_screen_of_xid_and_aer_lines_leaves_room_for_the_watchdog_below(self):
        """A new user's paste (eleven dmesg lines: Xid 79, AER, then PyTorch's NCCL
        watchdog, then a comment): the Xid and AER lines took the budget, the watchdog's
        line, its PyTorch prefix kept whole as if prose, was dropped and a serial number
        kept; each line that shows a value nothing above it shows is kept first."""
        stamp = "[Mon Dec  7 01:12:44 2026] "
        paste = "\n".join(
            [
                stamp + "NVRM: GPU at PCI:0000:9b:00: GPU-4f1c2a9e-77b1-4c55-9e1a-2c3d4e5f6a7b",
                stamp + "NVRM: GPU Board Serial Number: 1654321098765",
                stamp + "NVRM: Xid (PCI:0000:9b:00): 79, pid='<unknown>', name=<unknown>, "
                "GPU has fallen off the bus.",
                stamp + "NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus.",
                stamp + "pcieport 0000:98:01.0: AER: Uncorrected (Fatal) error received: "
                "0000:9b:00.0",
                stamp + "nvidia 0000:9b:00.0: AER: PCIe Bus Error: severity=Uncorrected "
                "(Fatal), type=Transaction Layer, (Receiver ID)",
                stamp + "nvidia 0000:9b:00.0: AER:   device [10de:2330] error "
                "status/mask=00000020/00000000",
                stamp + "nvidia 0000:9b:00.0: AER:    [ 5] SDES                   (First)",
                stamp + "NVRM: Xid (PCI:0000:9b:00): 79, pid='<unknown>', name=<unknown>, "
                "GPU has fallen off the bus.",
                stamp + "[rank12]:[E1207 01:22:46.123456 2291 ProcessGroupNCCL.cpp:616] "
                "[Rank 12] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88123, "
                "OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, Timeout(ms)=600000) ran "
                "for 600031 milliseconds before timing out.",
                "# all of this started after the firmware update last night",
            ]
        )
        found = self.suggest(paste)
        assert {
            "symptom:gpu-fell-off-the-bus",
            "symptom:pcie-error",
            "symptom:nccl-timeout",
            "root_cause:firmware-or-driver-bug",
        } <= set(found)

    def test_a_facilities_engineers_and_an_hpc_admins_words(self):
        """A thirty-eighth round of blind helpers (a colocation site's facilities engineer,
        a national lab's HPC administrator): the rack-scale product named "NVL72" is no
        NVLink fault; "not cooling." rules the cooling out however else the text names it;
        "is anyone else seeing X?" reports X; nvidia-smi's count with its GPUs unsaid; a
        checkpoint write slow "from a 256 node job"; a node that "hard hangs" is a node,
        not a job; nodes powered off on purpose failed nothing; GPUs "sitting at 0%"."""
        found = self.suggest(
            "GB200 NVL72 rack commissioning, liquid cooled, first power-on. two of the "
            "compute trays show coolant leak sensor tripped but no visible leak, prob sensor"
        )
        assert "accelerator:gb200" in found
        assert "component:nvlink" not in found
        assert "component:nvlink" in self.suggest("NVL72 domain lost two NVSwitch trays")
        assert "component:cooling-system" not in self.suggest(
            "not cooling. inlet temps were 22-24C all night on rack D3, we have the BMS "
            "trend. the slowdown is on your side"
        )
        # (said well, the first word rules nothing out: the building's power, not the PSU)
        assert "component:power-supply" in self.suggest(
            "power is fine, checked both feeds. PSU2 on node 7 shows AC lost in SEL"
        )
        found = self.suggest(
            "is anyone else seeing lustre slow today? checkpoint writes from a 256 node job "
            "taking 40 min instead of 5, OSTs look busy"
        )
        assert {"component:shared-file-system", "symptom:checkpoint-failure"} <= set(found)
        assert "component:inference-server" in self.suggest(
            "is it just me or does the vllm pod take forever to go Ready? pulling the 70b "
            "weights from s3 takes ~20 min"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "H100 node lost a GPU after the driver update to 550.x, nvidia-smi only lists 7. "
            "rolled the driver back and it came back"
        )
        assert "symptom:gpu-not-visible" not in self.suggest("nvidia-smi only shows 7 W")
        found = self.suggest(
            "mi300a node hard hangs, just goes silent, bmc says host power still on"
        )
        assert "symptom:node-failure" in found
        assert "symptom:job-hang-without-error" not in self.suggest("mi300a node hard hangs")
        # (a denial of one form of the failure leaves what a rule read it say happened)
        assert "symptom:node-failure" in self.suggest(
            "mi300a node hard hangs, no kernel panic, just goes silent"
        )
        assert "symptom:node-failure" not in self.suggest("no kernel panic. the nodes are fine")
        assert "symptom:node-failure" not in self.suggest(
            "leak detection rope alarm under rack G22, found a weeping quick disconnect on "
            "the manifold. isolated the rack, tenant nodes powered off cleanly"
        )
        assert "symptom:node-failure" in self.suggest("12 nodes powered off overnight")
        assert "symptom:node-failure" in self.suggest(
            "our lab server sometimes reboot by itself at night. nothing in syslog"
        )
        # a named node NotReady, and sinfo's "Not responding" reason
        assert "symptom:node-failure" in self.suggest(
            "node ip-10-2-33-14 NotReady again, kubelet says PLEG is not healthy"
        )
        assert "symptom:node-failure" in self.suggest(
            "sinfo -R shows\nREASON               USER      TIMESTAMP           NODELIST\n"
            "Not responding       slurm     2025-03-14T04:40:51 gpu-a100-033"
        )
        assert "symptom:low-gpu-utilisation" in self.suggest(
            'GPUs sitting at 0% while job is "running" - turns out the dataloader workers '
            "are stuck reading from NFS scratch"
        )
        assert "symptom:low-gpu-utilisation" not in self.suggest("GPUs at 100% all day")
        # the share before the word, a range, "near 0"; not a CPU's
        for text in (
            "triton inference server returns 503s under load, gpus only at 30% util",
            "dataloader is super slow, GPU wait data most of time (util 20-30%)",
            "H100 SXM jobs 3x slower, power stuck ~70W, util near 0",
        ):
            assert "symptom:low-gpu-utilisation" in self.suggest(text), text
        assert "symptom:low-gpu-utilisation" not in self.suggest(
            "cpu util 20-30% on the login node"
        )
        # a whole row down at once is capacity lost
        assert "symptom:capacity-loss" in self.suggest(
            "we had an EPO trip in hall 1. the button cover was knocked by a cart. whole row "
            "lost power instantly, no graceful shutdown"
        )

    def test_a_roce_network_engineers_and_a_serving_engineers_words(self):
        """A thirty-ninth round of blind helpers (a RoCE fabric's network engineer, an LLM
        serving platform's engineer): "no cnp on the nics" says the NICs were clean; a
        switch's own CPU is no host's; a link's FEC errors are no memory's ECC; NCCL's
        "Using [0]mlx5_0:1/IB" list says InfiniBand, whatever the GIDs look like; "nothing
        wrong with the model servers" rules them out."""
        assert "component:nic" not in self.suggest(
            "not the network, we checked. zero pfc pause, zero ecn marks, no cnp on the "
            "nics. nccl allreduce still slow on 2 nodes only"
        )
        assert "component:host-cpu-and-memory" not in self.suggest(
            "switch cpu at 100% on the sn5600, lldp and bgp timing out, then links dropped"
        )
        assert "component:host-cpu-and-memory" in self.suggest("host cpu at 100% on the gpu nodes")
        assert "symptom:ecc-error" not in self.suggest(
            "FEC corrected errors climbing on 400G port, uncorrectable too now, BER 1e-6. "
            "replace optic or clean?"
        )
        wc_error = (
            "node-0113:2041:2187 [3] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got "
            "completion from peer 10.42.7.19<51920> with status=12 opcode=0 len=0 vendor err "
            "129 (Recv) localGid ::ffff:10.42.3.113 remoteGid ::ffff:10.42.7.19"
        )
        found = self.suggest(
            "gpu-h100-021:1843:2011 [3] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB "
            "[1]mlx5_3:1/IB ; OOB ib0:10.1.4.21<0>\n" + wc_error
        )
        assert "component:infiniband-fabric" in found
        assert "component:roce-fabric" not in found
        found = self.suggest(
            "all the 502s were the cert expiring on the internal ingress. nothing wrong with "
            "the model servers or the gpus"
        )
        assert "component:load-balancer" in found
        assert "component:inference-server" not in found
        pull = (
            '  Warning  Failed     2m (x4 over 5m)  kubelet  Failed to pull image "nvcr.io/'
            'nvidia/tritonserver:24.05-trtllm-python-py3": rpc error: code = Unknown desc = '
            "failed to pull and unpack image: failed to extract layer sha256:9f1c: write "
            "/var/lib/containerd/io.containerd.content.v1.content/ingest/abc/data: "
        )
        assert "component:package-or-model-registry" not in self.suggest(
            pull + "no space left on device"
        )
        assert "component:package-or-model-registry" in self.suggest(
            pull.split(": rpc error")[0] + ": rpc error: code = NotFound desc = not found"
        )

    def test_a_fleet_engineers_an_rl_researchers_a_platform_engineers_and_a_students_words(self):
        """A fortieth and a forty-first round of blind helpers (a cloud's GPU fleet health
        engineer, an RL post-training researcher, a Kubernetes batch platform engineer, a
        graduate student on a shared server): what was checked and found clean; a GPU
        "missing from nvidia-smi" while lspci shows it; "registry" in an image's host name;
        a part swapped "already so prob" another; the optimizer's step; the RDMA device
        plugin; "we have free gpus"; an accelerator named only where the work runs fine,
        beside one where it fails, and the one where it fails kept; "H100 is not our case";
        a table's column named as where a value shows; a training performance that
        "deteriorated"."""
        assert "component:infiniband-fabric" not in self.suggest(
            "not the network, we checked ib counters on all 16 nodes, zero symbol errors / "
            "link downed. the hang is somewhere in the weight sync between actor and rollout"
        )
        found = self.suggest(
            "gpu missing from nvidia-smi after reboot but lspci still shows it. only 7 of 8. "
            "driver 535.129.03"
        )
        assert "symptom:gpu-not-visible" in found
        assert "symptom:gpu-fell-off-the-bus" not in found
        assert "component:package-or-model-registry" not in self.suggest(
            "Normal   Pulling    2m               kubelet  Pulling image "
            '"registry.internal/rl/vllm-rollout:0.6.3-cu124"'
        )
        assert "component:package-or-model-registry" in self.suggest(
            "pulling images from our private registry times out"
        )
        assert "root_cause:network-link-or-cable-fault" not in self.suggest(
            "ib link flapping on mlx5_3 on gpu-114, port goes down/up every few min. swapped "
            "the cable last week already so prob the HCA or switch port"
        )
        assert "component:optimizer" not in self.suggest(
            "grpo run died again at step 1840, vllm rollout workers OOM on wake_up right "
            "after the fsdp optimizer step"
        )
        assert "component:optimizer" in self.suggest(
            "optimizer.step() raises a CUDA error after the update"
        )
        assert "component:gpu-device-plugin" not in self.suggest(
            "after upgrading network operator the rdma shared device plugin stopped "
            "advertising rdma/rdma_shared_device_a, pods with the resource request sit Pending"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "the pod stuck in Pending forever, describe say 0/3 nodes are available: 3 "
            "Insufficient nvidia.com/gpu. but we have free gpus!! device plugin maybe broken?"
        )
        assert "accelerator:h100" not in self.suggest(
            'TGI shard 3 dies with "RuntimeError: CUDA error: an illegal memory access was '
            'encountered", only with flash attention + tensor parallel 4 on L40S. works on H100'
        )
        found = self.suggest("training crashes on A100, fine on H100")
        assert "accelerator:a100" in found
        assert "accelerator:h100" not in found
        hbm = "component:gpu-memory-hbm"
        for text in (
            "dcgmi diag -r 3 fails on gpu 6 with the memory test, other gpus pass",
            "dcgmi diag -r 4 fails on gb200-r07-n03, GPU 2 fails the memory bandwidth test",
        ):
            assert hbm in self.suggest(text), text
        assert hbm not in self.suggest("dcgmi diag passes, memory test ok")
        found = self.suggest("H100 is not our case, we have old V100 32GB")
        assert "accelerator:h100" not in found
        assert "accelerator:v100" in found
        assert "component:cooling-system" not in self.suggest(
            "Hello, one of the GPU show ERR! in nvidia-smi in the fan and power column. other "
            "7 GPUs normal"
        )
        assert "symptom:training-throughput-drop" in self.suggest(
            "after upgrading DeepSpeed, when using the DeepSpeed Zero3 configuration, the "
            "training performance deteriorated by about 10% compared to version 0.13.1"
        )

    def test_blame_put_on_someones_own_code_and_collectives_that_slowed(self):
        """Blind rounds 38-41: the fault traced to someone's own kernel or code ("Xid 31 is
        mmu fault from their own kernel", "pointing them back at their code", "pretty sure
        its our custom attention kernel"), not code merely mentioned; a collective that
        slowed ("allreduce tanked", "nccl allreduce still slow", "MPI_Allreduce slowdowns")
        is a training throughput drop, not one the trouble happened during."""
        user_code = "root_cause:user-code-or-configuration-error"
        for text in (
            "Xid 13 and 31 on a node, user keeps asking us to drain it. Xid 31 is mmu fault "
            "from their own kernel, other jobs on that node are fine",
            "not a hardware issue, dcgm diag level 3 passes on all 8 gpus. users job still "
            "segfaults, pointing them back at their code",
            "xid 13 spam on one pod only, graphics engine exception. pretty sure its our "
            "custom attention kernel in the plugin, not the hw",
        ):
            assert user_code in self.suggest(text), text
        assert user_code not in self.suggest("we added logging in our code and the error went away")
        # a fine-tune that crashed, what took the job down with it
        for text in (
            "my finetune crashed with CUDA out of memory at step 1200",
            "the ray head node died and took the whole ppo job with it, GCS gone",
        ):
            assert "symptom:job-crash" in self.suggest(text), text
        # (a test run and found normal says the part was well: a forty-third round)
        assert "component:nccl" not in self.suggest(
            "not the network - ran nccl-tests all_reduce_perf across all 32 nodes, busbw looks "
            "normal. still seeing the job randomly slow down by 40% for a few minutes every hour"
        )
        assert "component:nccl" in self.suggest(
            "the job ran for 3 days, then crashed with NCCL errors"
        )
        drop = "symptom:training-throughput-drop"
        for text in (
            "pfc storm on leaf 14 again, pause frames going up on every port toward the "
            "spine, allreduce tanked across the whole pod",
            "zero pfc pause, zero ecn marks. nccl allreduce still slow on 2 nodes only",
            "slingshot link flapping on one switch blade, users see MPI_Allreduce slowdowns",
        ):
            assert drop in self.suggest(text), text
        assert drop not in self.suggest("RoCE congestion and link down events during all-reduce")

    def test_a_postmortem_writers_and_a_burn_in_engineers_words(self):
        """A forty-second round of blind helpers (an inference API's postmortem writer, a
        burn-in engineer on new racks): what was checked to back a denial ("not a network
        issue, we checked the load balancers"); host memory "barely used"; a management
        controller's API answering 503 is no service's error rate; a model's endpoint is
        serving; fourteen nodes marked DRAIN are capacity lost."""
        found = self.suggest(
            "status page update: we're seeing increased latency for requests to our 70B "
            "models. not a network issue, we checked the load balancers. investigating the "
            "inference fleet"
        )
        assert "symptom:increased-latency" in found
        assert "component:load-balancer" not in found
        assert "component:host-cpu-and-memory" not in self.suggest(
            "node rebooted itself mid burn-in, nothing in dmesg before it, BMC shows a power "
            "event. not an OOM, host memory was barely used"
        )
        assert "symptom:elevated-error-rate" not in self.suggest(
            "fw update through the BMC bricked the HMC on two trays, redfish returns 503 for "
            "all the gpu endpoints now"
        )
        assert "symptom:elevated-error-rate" in self.suggest(
            "the gateway returns 503 for a third of chat completions since the deploy"
        )
        # a model's endpoint is serving: its throughput that fell is inference's
        found = self.suggest(
            "Degraded throughput on MI300X cluster for the Mixtral endpoint. ROCm 6.1 -> 6.2 "
            "upgrade changed RCCL defaults and all-gather got 3x slower. Rolled back the "
            "container."
        )
        assert {"workload:inference", "symptom:inference-throughput-drop"} <= set(found)
        assert "symptom:training-throughput-drop" not in found
        # (a self-hoster's generation is serving too: a forty-fifth round)
        found = self.suggest(
            "4090 hits 83C and then tok/s drops by like half after 10 min of generation. fans "
            "at 100%. is this thermal throttling or something else"
        )
        assert "symptom:inference-throughput-drop" in found
        assert "symptom:training-throughput-drop" not in found
        assert "workload:inference" not in self.suggest(
            "the new generation of GPUs fails more often"
        )
        assert "symptom:capacity-loss" in self.suggest(
            'Slurm marked 14 nodes DRAIN with reason "Kill task failed" after the jobs hung'
        )
        # (a forty-fourth round: a team named by what it runs is people, not the part)
        found = self.suggest(
            "PFC pause storm on the storage fabric last night, all the trainers froze for ~4 "
            "min. switch team says a bad NIC on one storage node"
        )
        assert "root_cause:nic-fault" in found
        assert "component:network-switch" not in found
        assert "contributing_factor:multi-tenant-cluster" in self.suggest(
            "jobs from different teams fighting over the same nodes"
        )

    def test_a_security_engineers_words(self):
        """A forty-fifth round of blind helpers (a GPU cloud's security engineer): a
        credential that got out with words between ("leaked HF token", "access key got
        committed", "API key for our inference endpoint leaked"), an attacker at work and
        how they got in; a key never used, or code committed, is neither."""
        stolen = "root_cause:stolen-credentials"
        for text in (
            "leaked HF token in a public github repo, token had write scope",
            "someone's AWS access key got committed to a notebook and within 20 minutes there "
            "were 40 p4d instances spun up in us-east-1",
            "API key for our inference endpoint leaked in a client side js bundle",
        ):
            assert stolen in self.suggest(text), text
        assert stolen not in self.suggest("we committed the new tokenizer to the repo")
        assert "symptom:unauthorised-access" in self.suggest(
            "ssh brute force on the bastion, then lateral to slurm login node. attacker ran "
            "sbatch with --gres=gpu:8 repeatedly"
        )
        assert "symptom:unauthorised-access" in self.suggest(
            "exposed k8s dashboard with cluster-admin service account. attacker deployed a "
            "daemonset requesting nvidia.com/gpu: 1 on every node"
        )

    def test_a_fabric_nocs_a_superpod_admins_a_profilers_and_a_chatbot_sres_words(self):
        """A forty-sixth and a forty-seventh round of blind helpers: "not the network, we
        checked …" and what was checked then ruled out; a tool or a place where nothing
        showed ("ibdiagnet clean", "no congestion on the UFM dashboard", "nothing in UFM");
        "i dont think it's related to IB"; "nvlink bw looks right in nsys"; "checked vllm
        metrics and e2e is fine there"; a node that "shows NotReady"."""
        ib = "component:infiniband-fabric"
        for text in (
            "not the network, we checked. ibdiagnet clean, no port errors, no congestion on "
            "the UFM dashboard. ML team says allreduce is slow",
            "training hung at step 18k, logs say NCCL watchdog timeout. checked fabric for "
            "that window, nothing in UFM, no link events",
            "GPUs fell off the bus on two nodes, Xid 79. i dont think it's related to IB",
            "not the network, we checked the IB counters and they were clean. job still hung",
        ):
            assert ib not in self.suggest(text), text
        assert ib in self.suggest("UFM shows symbol errors on 12 ports of leaf 4")
        # InfiniBand's data rates by name (the IBTA's EDR, HDR, NDR, XDR)
        for text in (
            "2 nodes training is very slow compare to 1 node. ib_write_bw show only 25 Gb/s "
            "but card is HDR 200. maybe cable?",
            "link came up at HDR 200G instead of NDR 400G on 3 nodes after the cable swap",
        ):
            assert ib in self.suggest(text), text
        assert ib not in self.suggest("the HDR display on my monitor flickers")
        # InfiniBand's own counter names (the kernel's PMA fields, as ibdiagnet prints them)
        # and an IPoIB interface's name on an mlx5 link line (systemd: "ib" is InfiniBand)
        found = self.suggest(
            "-E- lid=0x0a3f dev=54002 ibsw-leaf-22/U1/P33\n"
            "      symbol_error_counter            : 1892   (threshold=1)\n"
            "      link_error_recovery_counter     : 14"
        )
        assert {ib, "symptom:infiniband-link-errors"} <= set(found)
        found = self.suggest(
            "[Thu Dec  5 11:02:45 2024] mlx5_core 0000:0c:00.0 ibp12s0: Link down\n"
            "[Thu Dec  5 11:02:47 2024] mlx5_core 0000:0c:00.0 ibp12s0: Link up"
        )
        assert {ib, "symptom:network-link-flapping"} <= set(found)
        assert ib not in self.suggest(
            "[Thu Dec  5 11:02:45 2024] mlx5_core 0000:0c:00.0 enp12s0: Link down"
        )
        found = self.suggest(
            "tp=8 within node is fine, nvlink bw looks right in nsys. the problem shows up "
            "when tp crosses nodes"
        )
        assert "component:nvlink" not in found
        assert "symptom:nvlink-error" in self.suggest("nvlink errors right after the driver update")
        found = self.suggest(
            "latency isnt the model, checked vllm metrics and e2e is fine there. it's our "
            "redis for conversation history, p99 800ms"
        )
        assert "component:cache" in found
        assert "component:inference-server" not in found
        # a rate per device, and a move written with an arrow
        assert "symptom:training-throughput-drop" in self.suggest(
            "H100 SXM, 8 nodes, llama 70B pretrain, tokens/sec/gpu went from 3100 to 2400 "
            "overnight with no code change"
        )
        assert "symptom:elevated-error-rate" in self.suggest(
            "new model version rolled out at 16:00 and error rate went 0.2% -> 6%. rolled back"
        )
        assert "symptom:training-throughput-drop" not in self.suggest(
            "step time 1.2s -> 0.9s after the fix"
        )
        # vLLM's own fields about host memory; the accelerator moved away from; where advice
        # was read
        assert "component:host-cpu-and-memory" not in self.suggest(
            "INFO 04-12 10:31:02 llm_engine.py:... # GPU blocks: 1420, # CPU blocks: 512\n"
            "INFO 03-12 14:22:09 metrics.py:351] Running: 38 reqs, Pending: 212 reqs, GPU KV "
            "cache usage: 99.8%, CPU KV cache usage: 0.0%."
        )
        found = self.suggest(
            "model serving latency p99 went from 200ms to 3s after we moved from A100 to H100"
        )
        assert "accelerator:h100" in found
        assert "accelerator:a100" not in found
        assert "organisation:github" not in self.suggest(
            "vllm TP=2 all_reduce times out after 10 min but only with IOMMU on. someone on "
            "github said disabling ACS in bios fixed it for them"
        )
        found = self.suggest(
            "dgx-a100-017 keeps dropping out of the run:ai pool, node shows NotReady every "
            "couple hours. not the network, we checked the mgmt switch port and its clean"
        )
        assert "symptom:node-failure" in found
        assert "component:network-switch" not in found

    def test_a_failure_analysis_engineers_words(self):
        """A forty-ninth round of blind helpers (a server maker's failure-analysis engineer):
        a card's form factor ("H100 PCIe card", "PCIe GPUs") is not its PCIe link; a
        network card's heat is not a GPU's; a fault that stayed with the slot clears the
        GPU moved; "fell off bus" without its article."""
        assert "component:pcie" not in self.suggest(
            "H100 PCIe card, 12VHPWR connector melted on the card side. customer used 3rd "
            "party adapter cable."
        )
        assert "component:pcie" not in self.suggest(
            "dust clogged heatsink fins on PCIe GPUs, throttle during inference serving"
        )
        assert "component:pcie" in self.suggest("PCIe errors on gpu 3, AER spam")
        assert "root_cause:gpu-overheating" not in self.suggest(
            "ConnectX-7 overheating, not the GPU. the GPUs are fine."
        )
        found = self.suggest(
            "GPU fell off bus again, third time on this node, always GPU 6. swapped GPU to "
            "another slot and the problem stayed with slot 6, so its the baseboard/PCIe "
            "switch not the GPU"
        )
        assert "symptom:gpu-fell-off-the-bus" in found
        assert "root_cause:faulty-gpu" not in found

    def test_real_lines_collected_from_public_threads(self):
        """A fifty-first round (2026-12-07): helpers copied real lines from public issue
        threads and labelled them blind. Each line as its cited source prints it, and what
        it shows; without its signature, each missed the value."""
        lines = [
            (
                "node085:12251:12400 [5] misc/socket.cc:483 NCCL WARN socketStartConnect: "
                "Connect to fe80::966d:ae03:a2:8cf0%ib1<17943> failed : Software caused "
                "connection abort",
                {"symptom:network-connectivity-loss"},
            ),
            (
                "[master:19546:0:19546] ib_mlx5_log.c:139  Transport retry count exceeded on "
                "mlx5_0:1/IB (synd 0x15 vend 0x81 hw_synd 0/0)",
                {"component:infiniband-fabric"},
            ),
            (
                "HEALTH_WARN 1 clients failing to respond to capability release",
                {"component:shared-file-system"},
            ),
            (
                "slow request 32.637299 seconds old, received at 2023-10-17 05:12:19.969442: "
                "client_request(client.1454853:16744660 getattr pAsLsXsFs #0x1001e7a95b1",
                {"component:shared-file-system", "symptom:increased-latency"},
            ),
            (
                'kubelet.go:2055] "Skipping pod synchronization" err="PLEG is not healthy: '
                'pleg was last seen active 2h33m12.704970756s ago; threshold is 3m0s"',
                {"component:container-runtime"},
            ),
            (
                "slurmd: fatal: can't stat gres.conf file /dev/nvidia0: No such file or directory",
                {"symptom:gpu-not-visible"},
            ),
            (
                "Reason=gres/gpu count reported lower than configured (0 < 8)",
                {"component:job-scheduler", "symptom:gpu-not-visible"},
            ),
            (
                "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 144817.04 MiB on "
                "device 0: cudaMalloc failed: out of memory",
                {"component:gpu-memory-hbm", "symptom:out-of-memory"},
            ),
            (
                "time=2026-02-05T12:48:27.680+01:00 level=ERROR source=server.go:302 "
                'msg="llama runner terminated" error="exit status 2"',
                {"symptom:job-crash", "component:inference-server"},
            ),
            (
                "E tensorflow/stream_executor/cuda/cuda_driver.cc:339] failed call to cuInit: "
                "UNKNOWN ERROR (303)\nI tensorflow/stream_executor/cuda/cuda_diagnostics.cc:156] "
                "kernel driver does not appear to be running on this host (193d47116c61): "
                "/proc/driver/nvidia/version does not exist",
                {"symptom:cuda-error", "symptom:gpu-not-visible"},
            ),
            (
                "Exception: Current loss scale already at minimum - cannot decrease scale "
                "anymore. Exiting run.",
                {"symptom:loss-spike", "symptom:job-crash"},
            ),
            (
                "[188549.976351] NVRM: The NVIDIA probe routine was not called for 3 device(s).",
                {"symptom:gpu-not-visible"},
            ),
            ("         Link 2: 25.781 GB/s\n         Link 3: <inactive>", {"component:nvlink"}),
            (
                "stderr: nvidia-container-cli.real: initialization error: driver error: "
                "failed to process request: unknown",
                {"symptom:gpu-not-visible"},
            ),
            (
                '{"timestamp":"2025-08-29T14:40:17.288163Z","level":"ERROR","message":'
                '"Request failed during generation","target":"text_generation_router_v3::'
                'backend"}',
                {"component:inference-server"},
            ),
            (
                "HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware "
                "exception. code: 0x1016",
                {"symptom:cuda-error", "component:gpu"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)

    def test_real_words_collected_from_public_threads_and_status_pages(self):
        """The fifty-first round's people's words: a doubt ("does not appear to be an
        OOM"), a part that is not there ("when it is not present"), parts said to be
        there and well, a maker's host parts, hosted models and their clients as
        inference, more errors than before."""
        assert "symptom:out-of-memory" not in self.suggest(
            "KV-cache usage at the crash: approximately 16%, so this does not appear to be an OOM"
        )
        assert "component:nvlink" not in self.suggest(
            "How can I get DCGM's diagnostics not to try to use NvLink when it is not present?"
        )
        assert "component:nvlink" in self.suggest("NVLink errors on GPU 3 when it is under load")
        well = self.suggest(
            "The nvidia container runtime is available on the nodes, and the "
            "k8s-device-plugin is also running happily."
        )
        assert not {"component:container-runtime", "component:gpu-device-plugin"} & set(well)
        pending = self.suggest("0/4 nodes are available: 4 Insufficient nvidia.com/gpu.")
        assert "symptom:jobs-stuck-pending" in pending
        assert "organisation:amd" not in self.suggest(
            "it was the motherboard: the fix was disabling ACS on the AMD PCIe root complex bridges"
        )
        gemini = self.suggest(
            "Customers experienced increased error rates when sending API requests to "
            "impacted multiple Gemini models through the global endpoint."
        )
        assert {"organisation:google", "workload:inference"} <= set(gemini)
        assert "workload:inference" in self.suggest(
            "google.genai.errors.ServerError: 503 UNAVAILABLE. 'message': 'The model is "
            "overloaded. Please try again later.'"
        )
        copilot = self.suggest(
            "We are investigating an increase in exceptions impacting Copilot Chat usage from IDEs."
        )
        assert {"symptom:elevated-error-rate", "workload:inference"} <= set(copilot)
        assert "symptom:elevated-error-rate" in self.suggest(
            "Since several Ollama releases back, frequent 500 Server errors occur."
        )

    def test_real_lines_of_a_fifty_second_round(self):
        """Real lines a fifty-second round of helpers copied from public threads (AMD and
        ROCm, JAX and TPUs, checkpoints, hosted-model clients, Kubernetes schedulers),
        each as its cited source prints it: without its signature or rule, each missed
        the value."""
        lines = [
            (
                "OpenAI error: Rate limit reached for tokens. Limit: 150000.000000 / min. "
                "Current: 176000.000000 / min.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                'Error: Failed to send message. HTTP 503 - { "error": { "message": "That model '
                'is currently overloaded with other requests."',
                {"root_cause:capacity-exhaustion", "workload:inference"},
            ),
            (
                "botocore.errorfactory.ThrottlingException: An error occurred "
                "(ThrottlingException) when calling the Converse operation (reached max "
                "retries: 4): Too many tokens per day, please wait before trying again.",
                {"component:rate-limiter", "root_cause:capacity-exhaustion"},
            ),
            (
                "ValueError: This model's maximum context length is 8192 tokens. However, you "
                "requested 8203 tokens (7691 in the messages, 512 in the completion).",
                {"root_cause:user-code-or-configuration-error"},
            ),
            (
                "DEADLINE_EXCEEDED: Deadline Exceeded\nRPC: /tensorflow.CoordinationService/"
                "RegisterTask",
                {"component:distributed-job-launcher"},
            ),
            (
                "orbax.checkpoint.checkpoint_manager.StepAlreadyExistsError: Checkpoint for "
                "step 2000 already exists.",
                {"symptom:checkpoint-failure"},
            ),
            (
                "E1027 15:10:59.012564 3266428 cuda_dnn.cc:456] Loaded runtime CuDNN library: "
                "9.10.1 but source was compiled with: 9.13.1.",
                {"root_cause:version-mismatch"},
            ),
            (
                "async_dynamic_index_emitter.cc:584] Check failed: intermediate_calc."
                "slice_size % 8 == 0 (1 vs. 0)",
                {"symptom:job-crash"},
            ),
            (
                "jax/_src/xla_bridge.py:146: UserWarning: TPU backend initialization is taking "
                "more than 60.0 seconds. Did you run your code on all TPU hosts?",
                {"symptom:job-hang-without-error"},
            ),
            (
                "E tensorflow/compiler/xla/stream_executor/rocm/rocm_driver.cc:606] failed to "
                "allocate 127.99TiB (140729850295296 bytes) from device: HIP_ERROR_OutOfMemory",
                {"symptom:out-of-memory", "component:gpu-memory-hbm"},
            ),
            ("Unable to open /dev/kfd read-write: Invalid argument", {"symptom:gpu-not-visible"}),
            (
                "[    7.026427] kfd kfd: amdgpu: skipped device 1002:67df, PCI rejects atomics",
                {"symptom:gpu-not-visible", "component:pcie"},
            ),
            (
                "Memory access fault by GPU node-2 (Agent handle: 0x55c77d07fd80) on address "
                "0x7f0800018000. Reason: Unknown.",
                {"symptom:job-crash", "component:gpu"},
            ),
            (
                "RuntimeError: Triton Error [HIP]: Code: 700, Message: an illegal memory access "
                "was encountered",
                {"component:model-compiler"},
            ),
            (
                "(EngineCore_DP0 pid=555309) ERROR 03-05 22:09:18 [core.py:1100] "
                "torch.AcceleratorError: HIP error: an illegal memory access was encountered",
                {"component:inference-server"},
            ),
            (
                "we are running a model on MI300Xs/MI325Xs and noticed poor performance",
                {"accelerator:mi300x", "accelerator:mi325x"},
            ),
            (
                "Uncaught HfHubHTTPError: 429 Client Error: Too Many Requests for url: "
                "https://huggingface.co/api/datasets/glue/paths-info/bcdcba79",
                {"component:package-or-model-registry"},
            ),
            (
                "[856341.770960] Out of memory: Killed process 410126 (python) "
                "total-vm:79905000kB, anon-rss:22957108kB",
                {"symptom:job-crash", "symptom:out-of-memory"},
            ),
            (
                "RuntimeError: unexpected EOF, expected 8 more bytes. The file might be corrupted.",
                {"symptom:checkpoint-failure"},
            ),
            (
                "ZeRORuntimeException: The checkpoint being loaded used a DP world size of 4 "
                "but the current world size is 6.",
                {"symptom:checkpoint-failure"},
            ),
            (
                "torch/distributed/elastic/multiprocessing/api.py:897] Sending process 29581 "
                "closing signal SIGTERM",
                {"component:distributed-job-launcher"},
            ),
            (
                "mlx5_core 0000:5c:00.0: mlx5_pcie_event:299:(pid 268269): Detected "
                "insufficient power on the PCIe slot (27W).",
                {"component:power-supply"},
            ),
            (
                "1020391 gpu2080ti pythonjo user1 PD 0:00 1 (Nodes required for job are DOWN, "
                "DRAINED or reserved for jobs in higher priority partitions)",
                {"symptom:jobs-stuck-pending", "component:job-scheduler"},
            ),
            (
                "default:job-1 unschedule,reason: 1/0 tasks in gang unschedulable: pod group "
                "is not ready, 1 minAvailable",
                {"component:job-scheduler"},
            ),
            (
                "message: 'couldn''t assign flavors to pod set master: insufficient unused "
                "quota for nvidia.com/gpu in flavor multi-node-h100, 8 more needed",
                {"component:job-scheduler", "symptom:jobs-stuck-pending"},
            ),
            (
                "Warning  UnexpectedAdmissionError  10s   kubelet  Allocate failed due to rpc "
                "error: code = Unavailable desc = error reading from server: EOF",
                {"component:gpu-device-plugin"},
            ),
            (
                "The Pytorchjob pods hang on pending status with volcano scheduler.",
                {"workload:training"},
            ),
            (
                "I am trying to run your code on a Tesla P100 and it takes more than an hour to "
                "compute 1000 steps of the first epoch.",
                {"workload:training"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)

    def test_real_lines_of_a_fifty_third_round(self):
        """Real lines a fifty-third round of helpers copied from public threads (drivers,
        switches, serving on Kubernetes): the kernel's module build, NVIDIA's API
        mismatch, modprobe refused, a container's driver banner, vLLM's platform, SONiC's
        daemons. Without its signature, each missed the value."""
        lines = [
            (
                "Error! Bad return status for module build on kernel: 6.4.1-zen1-1-zen (x86_64)",
                {"component:host-operating-system"},
            ),
            (
                "kernel: NVRM: API mismatch: the client has the version 535.54.03, but NVRM: "
                "this kernel module has the version 530.30.02.",
                {"component:host-operating-system", "root_cause:version-mismatch"},
            ),
            (
                "modprobe: ERROR: could not insert 'nvidia': Operation not permitted",
                {"component:host-operating-system", "symptom:gpu-not-visible"},
            ),
            (
                "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be "
                "available.",
                {"symptom:gpu-not-visible"},
            ),
            (
                "DEBUG 08-29 04:29:54 [__init__.py:99] CUDA platform is not available because: "
                "NVML Shared Library Not Found",
                {"symptom:gpu-not-visible"},
            ),
            (
                "nvidia-container-cli: detection error: driver error: timed out: unknown",
                {"symptom:gpu-not-visible"},
            ),
            (
                "NOTICE pmon#xcvrd: Ethernet504: temperature status change from normal to "
                "temperature high warning",
                {"component:network-switch", "component:optical-transceiver"},
            ),
            (
                "INFO bgp1#bgpd[63]: %NOTIFICATION: sent to neighbor 3333::3:5 4/0 (Hold Timer "
                "Expired) 0 bytes",
                {"symptom:network-connectivity-loss"},
            ),
            (
                "<html><title>503: Model with name mnist is not ready.</title></html>",
                {"component:inference-server"},
            ),
            (
                "Deployment 'my-deployment' in application 'my-deployment' 1 replicas that have "
                "taken more than 30s to be scheduled.",
                {"symptom:jobs-stuck-pending"},
            ),
            (
                "riva-riva-api-768b77d764-74k4m   0/2     OutOfnvidia.com/gpu   0          5m55s",
                {"component:gpu-device-plugin", "component:kubelet"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        # (not a bug "in the kernel module": still a driver bug, not the host's system)
        assert "root_cause:firmware-or-driver-bug" in self.suggest(
            "a bug in the kernel module after we upgraded the CUDA driver"
        )

    def test_real_lines_and_words_of_a_fifty_fourth_round(self):
        """A fifty-fourth round of real lines and words (self-hosted serving, RL
        post-training, observability): llama.cpp's and Ollama's runners, vLLM's engine core
        and cache blocks, Ray's memory-pressure kills, HCCL; a message that begins with
        "no" is no table state; Markdown's bold markers hide no denial; a temperature said
        to be cool, "impossible to oom", "unlikely to be too many requests"."""
        lines = [
            (
                "ggml_cuda_compute_forward: SCALE failed\nCUDA error: no kernel image is "
                "available for execution on the device",
                {"symptom:cuda-error"},
            ),
            (
                "llama-cpp    | ggml_cuda_init: failed to initialize CUDA: unknown error",
                {"symptom:cuda-error", "symptom:gpu-not-visible"},
            ),
            (
                "Error: model runner has unexpectedly stopped, this may be due to resource "
                "limitations or an internal error, check ollama server logs for details",
                {"symptom:job-crash", "component:inference-server"},
            ),
            (
                "Failed to initialize the context: failed to allocate buffer for kv cache",
                {"symptom:out-of-memory"},
            ),
            (
                "ValueError: No available memory for the cache blocks. Try increasing "
                "`gpu_memory_utilization` when initializing the engine.",
                {"symptom:out-of-memory"},
            ),
            (
                "ERROR 01-29 08:37:48 [core_client.py:564] Engine core proc EngineCore_DP1 died "
                "unexpectedly, shutting down client.",
                {"symptom:job-crash", "component:inference-server"},
            ),
            (
                "(raylet) node_manager.cc:3277: 2 Workers (tasks / actors) killed due to memory "
                "pressure (OOM), 0 Workers crashed due to other reasons",
                {"component:host-cpu-and-memory", "symptom:out-of-memory"},
            ),
            (
                "ERROR: Unexpected bus error encountered in worker. This might be caused by "
                "insufficient shared memory (shm).",
                {"symptom:job-crash", "component:training-data-loader"},
            ),
            (
                "fsspec.exceptions.FSTimeoutError: Caught FSTimeoutError in DataLoader worker "
                "process 1.",
                {"symptom:job-crash"},
            ),
            (
                "RuntimeError: unable to open shared memory object </torch_310_3681426278_102> "
                "in read-write mode: No such file or directory (2)",
                {"component:host-cpu-and-memory"},
            ),
            (
                "[Tue Nov 20 22:30:22 2018] nf_conntrack: table full, dropping packet",
                {"component:host-operating-system", "root_cause:capacity-exhaustion"},
            ),
            (
                "networkPlugin cni failed to set up pod network: unable to allocate IP via local "
                "cilium agent: [POST /ipam][502] postIpamFailure  range is full",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "tritonclient.utils.InferenceServerException: [StatusCode.UNAVAILABLE] failed to "
                "connect to all addresses",
                {"component:inference-server", "symptom:network-connectivity-loss"},
            ),
            (
                "kernel: nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x0003 "
                "address=0x80000040 flags=0x0020]",
                {"component:host-operating-system"},
            ),
            (
                "(TaskRunner pid=30188) RuntimeError: create_config:build/CMakeFiles/torch_npu.dir/"
                "compiler_depend.ts:102 HCCL function error: hcclCommInitRootInfoConfig",
                {"component:nccl"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        assert "component:gpu-memory-hbm" not in self.suggest(
            "This was **not a CUDA OOM**, but a **system RAM exhaustion** issue."
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "Thermal Management: GPU temperature at the exact time of the crash was a very "
            "cool 52°C. Active cooling was running at 92% fan speed."
        )
        assert "symptom:out-of-memory" not in self.suggest(
            "it only occupies 10% GPU memory on each card thus it's impossible to oom"
        )
        assert "symptom:requests-throttled" not in self.suggest(
            "I have num_workers=4 in the dataloader, so it seems unlikely to be too many requests."
        )
        assert "component:kv-cache" not in self.suggest(
            "Avg prompt throughput: 102.2 tokens/s, Avg generation throughput: 2.2 tokens/s, "
            "Running: 1 reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: 0.8%, CPU "
            "KV cache usage: 0.0%"
        )
        assert "component:kv-cache" in self.suggest("GPU KV cache usage: 99.8%, requests preempted")
        assert "component:training-data-loader" not in self.suggest(
            "I eliminate the `Dataloader` factor by using DALI instead of TorchVision. However, "
            "the slow down of overall training speed is still obvious."
        )
        assert "root_cause:software-vulnerability" not in self.suggest(
            "Please note that the vulnerabilities are not applicable to the go packages -- "
            "which the device plugin consumes."
        )
        # A package's own exception names its project's organisation
        assert "organisation:openai" in self.suggest(
            "openai.error.RateLimitError: The server had an error while processing your "
            "request. Sorry about that!"
        )
        assert "organisation:deepspeed" in self.suggest(
            "deepspeed.runtime.zero.utils.ZeRORuntimeException: The checkpoint being loaded "
            "used a DP world size of 4 but the current world size is 6."
        )
        assert "organisation:nvidia" not in self.suggest("nvidia-smi shows no devices")
        # What a warning says may follow, and a watchdog that reports another error
        assert "symptom:job-hang-without-error" not in self.suggest(
            "Detected kernel version 4.18.0, which is below the recommended minimum of "
            "5.5.0; this can cause the process to hang."
        )
        assert "symptom:job-hang-without-error" in self.suggest(
            "the process hangs after 10 minutes, no error"
        )
        watchdog = self.suggest(
            "[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with "
            "exception: CUDA error: uncorrectable ECC error encountered"
        )
        assert "symptom:nccl-timeout" not in watchdog
        assert "symptom:ecc-error" in watchdog
        assert "symptom:nccl-timeout" in self.suggest(
            "[E ProcessGroupNCCL.cpp:916] NCCL watchdog thread terminated with exception: "
            "[Rank 1] Watchdog caught collective operation timeout"
        )
        # (a table's state still denies: "Pending Page Blacklist : No")
        assert "symptom:ecc-error" not in self.suggest("ECC Errors : No")

    def test_serving_words_crashed_jobs_and_products_of_organisations(self):
        """Serving's own words (SageMaker's production variant, KServe's predictor pods,
        Replicate's cog, an OpenAI-compatible server's /v1/models, vLLM's serving modules,
        TorchServe, llama-server), a job bash killed or that terminated without an
        exception or failed in NCCL, and products that name their makers (DALL·E, HF
        Jobs): the fifty-first to fifty-fourth rounds and the corpus's tuning part."""
        cases = [
            (
                "It even initially passes the ping health check.  After a little while it "
                "stops responding and I get an: 'The primary container for production "
                "variant xxxxx did not pass the ping health check' error.",
                {"workload:inference"},
            ),
            (
                "xxx-namespace-xxx   d5ce6b94087b41-predictor-default-vcwhr-deployment-oooo   "
                "0/3   Init:CrashLoopBackOff   356   40m46s",
                {"workload:inference"},
            ),
            (
                "cog.server.exceptions.FatalWorkerException: Prediction failed for an unknown "
                "reason.",
                {"workload:inference"},
            ),
            (
                "ERROR 05-08 21:27:27 [serving_chat.py:198] ValueError: request rejected",
                {"component:inference-server"},
            ),
            (
                "2023-05-23T01:19:23,550 [ERROR] W-9000-sam_vit_h_encode_1.0.0 "
                "org.pytorch.serve.wlm.WorkerThread - Number or consecutive unsuccessful "
                "inference 1",
                {"component:inference-server"},
            ),
            (
                "kernel: llama-server[3582]: segfault at 562900023b21 ip 00007f8e054af2a2 sp "
                "00007ffd4cf1a960 error 4 in libc.so.6",
                {"component:inference-server"},
            ),
            (
                "/var/spool/slurmd/job00191/slurm_script: line 28:  8156 Killed        "
                "python3 main.py --epochs 400",
                {"symptom:job-crash"},
            ),
            (
                "RuntimeError: cuda runtime error (39) : uncorrectable ECC error encountered\n"
                "terminate called without an active exception",
                {"symptom:job-crash"},
            ),
            (
                "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/"
                "csrc/distributed/c10d/ProcessGroupNCCL.cpp:3376, internal error",
                {"symptom:job-crash"},
            ),
            (
                "Due to the size of DALL·E's infrastructure and limited capacity, moving to "
                "healthy nodes was not an option.",
                {"organisation:openai"},
            ),
            (
                "CUDA Error 802 on all H200 multi-GPU HF Jobs with vLLM",
                {"organisation:hugging-face"},
            ),
        ]
        for text, values in cases:
            with self.subTest(text=text[:60]):
                assert values <= set(self.suggest(text)), self.suggest(text)

    def test_a_save_that_did_not_happen_and_a_power_supply_in_one_word(self):
        """A checkpoint not saved is a checkpoint failure, but not a habit or a setting; a
        "powersupply" written as one word is the power supply (fifty-first and
        fifty-second rounds, real words from public threads)."""
        assert "symptom:checkpoint-failure" in self.suggest(
            "And then it stuck here with gpu util 100% and didn't log out anything, didn't "
            "save checkpoints."
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            "training continues but never saves the checkpoint for that step."
        )
        assert "component:power-supply" in self.suggest(
            "turns out the breaker is good but the powerstrip contains 2 fuses and one was "
            "blown. Did find that 1 powersupply on GPU03 was bad."
        )

    def test_the_one_accelerator_a_file_systems_servers_and_a_gpus_bad_state(self):
        """The one accelerator named is where it ran, in the clause that went well too
        (two: the one that went well is the other); a file system's servers are the file
        system; a GPU that entered a bad state is the subject; a checkpoint that failed to
        load, and a GPU resource of 0 on a node."""
        scaled = self.suggest(
            "when running on 1 node with all the 8 GCDs (4 MI250X) everything works fine "
            "but when I scale the same to 2 nodes it hangs"
        )
        assert "accelerator:mi250x" in scaled
        compared = self.suggest("works fine on the H100 nodes but the training hangs on A100")
        assert "accelerator:h100" not in compared
        assert "component:shared-file-system" in self.suggest(
            "the nodes were not responding well and the Lustre server evicted the clients "
            "from the file system"
        )
        assert "component:gpu" in self.suggest(
            "The GPU enters an unrecoverable state (Xid 62) during high-context LLM "
            "inference tasks."
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            '  File "/apps/pytorch/lib/python3.7/site-packages/torch/serialization.py", line '
            "709, in _legacy_load\nRuntimeError: read(): fd 33 failed with Stale file handle"
        )
        described = self.suggest(
            "The pod was stuck in Pending and the node had eight H100s sitting idle. kubectl "
            "describe node said nvidia.com/gpu: 0."
        )
        assert {"symptom:gpu-not-visible", "component:gpu-device-plugin"} <= set(described)


class ReadingRealLinesInTheListTests(ReadingLinesTestCase):
    """What the list and the API find for them, on either database: their search and
    ranking differ by database."""

    def test_the_list_says_which_slips_it_read_and_finds_the_cases(self):
        response = self.client.get("/", {"q": "out of memroy"})
        assert "Read “memroy” as “memory”." in page(response).get_text(" ")
        assert result_count(response) > 0
        api = self.client.get("/api/v1/cases/", {"q": "out of memroy"}).json()
        assert api["notice"].startswith("Read “memroy” as “memory”.")
        assert api["count"] == result_count(response)

    def test_a_sentence_that_only_rules_out_lists_no_case(self):
        """The network cases came first for "it's definitely not the network": a
        sentence left with no word once its denial was taken out was searched whole."""
        for text in ["it's definitely not the network", "no ECC errors"]:
            with self.subTest(text):
                response = self.client.get("/", {"q": text})
                assert result_count(response) == 0
                assert "What it rules out is not searched for" in page(response).get_text(" ")
        # What did happen is searched without what was ruled out.
        response = self.client.get(
            "/api/v1/cases/", {"q": "it's not the network, NCCL watchdog timeout"}
        ).json()
        assert response["count"] > 0 and response["notice"] == ""
        for case in response["results"][:3]:
            symptoms = [term["slug"] for term in case["terms"]["symptom"]]
            assert "nccl-timeout" in symptoms, case["slug"]

    def test_a_node_drained_by_its_health_check(self):
        """Slurm's ``scontrol show node`` of a node that LBNL NHC drained: the state says
        the scheduler drained it and the reason, which NHC writes after "NHC:", says its
        health check did (issue 27: the line named neither, and a case about idle GPU
        pods ranked above the case of a health check timing out)."""
        line = (
            "NodeName=hpc-a100-0417 Gres=gpu:4 State=IDLE+DRAIN Reason=NHC: Script timed out "
            'while executing "check_gpu_bw". [root@2023-03-15T04:13:55]'
        )
        found = self.suggest(line)
        assert found["component:job-scheduler"]["how"] == "signature"
        assert found["component:health-check"]["how"] == "signature"
        listed = page(self.client.get("/", {"q": line})).select(".card__title a")
        assert listed[0]["href"] == "/cases/nvidia-gsp-rpc-timeout-xid-119/"
        assert "component:health-check" not in self.suggest("the node state is idle")

    def test_how_many_accelerators_a_job_had_is_its_scale(self):
        """Found by a new user: "1024 H100s" gave no Scale chip. The count of a job's or a
        cluster's accelerators names its band; a count per machine, of machines, part of a
        machine's or lost does not."""
        for text, band in [
            ("pretraining on 1024 H100s keeps hitting NCCL timeouts", "scale:1k-10k"),
            ("a 2,048-GPU job on H800 hangs at step 0", "scale:1k-10k"),
            ("our 24k GPU cluster lost a row of racks", "scale:10k-100k"),
            ("checkpoint writes to NFS time out at 500 GPUs", "scale:under-1k"),
        ]:
            with self.subTest(text):
                found = self.suggest(text)
                assert found[band]["how"] == "name"
                assert [k for k in found if k.startswith("scale:")] == [band]
        for text in [
            "8xH100 nodes keep dropping off the fabric",
            "each with 8 H100-80G GPUs and 4 CX7 cards",
            "Xid 137 was reported across 6 of 8 GPUs",
            "we lost 4 GPUs to Xid 79 overnight",
        ]:
            with self.subTest(text):
                assert not [k for k in self.suggest(text) if k.startswith("scale:")]
        # (on the list, a chip needs a listed case that carries it: Meta's and Llama 3's
        # runs of 16,000 and more)
        sentence = "pretraining on 16384 H100s keeps hitting NCCL timeouts"
        listed = self.client.get("/", {"q": sentence})
        chips = [a.get_text(" ", strip=True) for a in page(listed).select(".chip--suggested")]
        assert any(c.startswith("Scale: 10,000 to 99,999 accelerators") for c in chips), chips

    def test_an_adversarys_prompts_markup_and_control_characters(self):
        """From an adversarial helper: a shell prompt's line was set aside for the search
        too ("$ nccl timeout" found nothing and said the sentence ruled things out); a
        chip's matched words kept the blanks that stood for markup ("xid     79"); control
        characters (ESC, backspace) were echoed into the page's HTML."""
        response = self.client.get("/api/v1/cases/", {"q": "$ nccl timeout"})
        assert response.status_code == 200 and response.json()["count"] > 0
        assert not self.suggest("$ ssh gpu-0253 nvidia-smi -q -d ECC | grep -i uncorr")
        found = self.suggest("<b>xid</b> 79")
        assert {item["matched"] for item in found.values()} == {"xid 79"}
        response = self.client.get("/", {"q": "ckpt\x01\x1b[31mred\x08 thru"})
        assert response.status_code == 200
        body = response.content.decode()
        assert not any(c in body for c in "\x01\x1b\x08")
        # A right-to-left override would reorder the echoed sentence ("exe.png" shown).
        response = self.client.get("/", {"q": "ckpt \u202egnp.exe thru"})
        assert "\u202e" not in response.content.decode()


@SQLITE_RUN_ONLY
class ReadingRealLinesOfLaterRoundsTests(ReadingLinesTestCase):
    """What the suggested filters make of the real lines and words of the fifty-sixth and
    later rounds. Suggestions only, so in the SQLite run only, like
    :class:`ReadingRealLinesTests` (until 2026-12-07 these sat in the list's class and ran
    on both databases)."""

    def test_real_lines_and_words_of_a_fifty_sixth_round(self):
        """A fifty-sixth round of real lines and words (GPU hosts, training, serving,
        schedulers, storage, status pages): the serving stacks' crash lines, Megatron's NaN
        gradient norm, NVRM's probe lines, glibc's "Name or service not known"; a full stop
        inside a closing quote ends its sentence; "no RMA" denies the RMA; a software's
        version names its project; "no code changes … just a version bump" leaves the
        upgrade standing; "X has no issues" says X was well."""
        lines = [
            (
                "2023-12-15T09:44:56.274143Z ERROR shard-manager: text_generation_launcher: "
                "Shard process was signaled to shutdown with signal 9 rank=0",
                {"symptom:job-crash"},
            ),
            (
                "vllm.engine.async_llm_engine.AsyncEngineDeadError: Background loop is not "
                "running. If it was running, inspect the output to find the stacktrace",
                {"symptom:job-crash"},
            ),
            (
                "ERROR 10-30 11:56:48 multiproc_worker_utils.py:120] Worker VllmWorkerProcess "
                "pid 198 died, exit code: -6",
                {"symptom:job-crash"},
            ),
            (
                "[2025-04-17 16:15:33 TP0] Scheduler hit an exception: Traceback (most recent "
                "call last):",
                {"symptom:job-crash"},
            ),
            (
                "E1025 09:40:38.075506 9121 python_be.cc:2066] Stub process is unhealthy and "
                "it will be restarted.",
                {"component:inference-server"},
            ),
            (
                "Allocate failed due to no healthy devices present; cannot allocate unhealthy "
                "devices amd.com/gpu, which is unexpected",
                {"component:gpu-device-plugin"},
            ),
            (
                "AssertionError: Rank 11: found NaN in local grad norm in backward pass before "
                "data-parallel communication collective. Device: 3",
                {"symptom:loss-spike", "workload:training"},
            ),
            ("8 of 14 GRPO runs died at `grad_norm: nan`", {"symptom:loss-spike"}),
            (
                "NVRM: The NVIDIA GPU 000a:00:00.0 (PCI ID: 10de:2330) installed in this "
                "system\n      is not supported by the NVIDIA 580.126.09 driver release.\n"
                "NVRM: The NVIDIA probe routine failed for 1 device(s).",
                {"symptom:gpu-not-visible"},
            ),
            (
                "[W socket.cpp:558] [c10d] The IPv6 network addresses of (pytorch-workers-0-0."
                "pytorch-workers, 3389) cannot be retrieved (gai error: -2 - Name or service not "
                "known).",
                {"symptom:dns-resolution-failure", "component:dns"},
            ),
            (
                "QueryError: There are no longer any instances available with the requested "
                "specifications. Please refresh and try again.",
                {"root_cause:capacity-exhaustion"},
            ),
            ("Sonnet is also throwing overloaded error.", {"organisation:anthropic"}),
            (
                "Approximately 5 days after an OpenShift upgrade, I noticed a significant "
                "increase in nodes labeled upgrade-required",
                {"organisation:red-hat"},
            ),
            (
                "I am using vllm version 0.6.3.post1 with four 4090 GPUs to infer the "
                "qwen2-72B-chat-int4 model.",
                {"organisation:vllm", "component:inference-server"},
            ),
            (
                "`jax.distributed.initialize()` hangs and eventually times out on TPU v6e-16 "
                "multislice (4 VMs) after upgrading from 0.8.0 to 0.8.1. No code changes on "
                "our end — just a version bump.",
                {"symptom:job-hang-without-error", "root_cause:software-regression"},
            ),
            (
                "Queue resources are sufficient, but the pod has not been created, and the "
                "job has been pending.",
                {"symptom:jobs-stuck-pending"},
            ),
            (
                "Abrupt termination of containerized DCGM jobs can leave nv-hostengine "
                "unresponsive, causing the Slurm Epilog script (gpu-test) to hang and fail, "
                "leading to nodes being drained.",
                {"symptom:capacity-loss"},
            ),
            # (the corpus's tuning part: the full stop inside the quote)
            (
                "none of the ECC counters or row remap counters were incremented on any GPU, "
                "despite XID 94 being documented as “Contained ECC Error.” All GPU UUIDs "
                "remained unchanged (no RMA), and no InfoROM corruption is reported.",
                {"symptom:xid-error"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        assert "root_cause:faulty-gpu" not in self.suggest("We saw XID 94 on a GPU (no RMA).")
        assert "root_cause:faulty-gpu" in self.suggest("GPU 3 was RMAd after the Xid 79")
        assert "root_cause:software-regression" not in self.suggest(
            "the job hangs since friday. no code changes."
        )
        assert "component:inference-server" not in self.suggest(
            "Getting Gateway Time-out error. vLLM pod has no issues."
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "RuntimeError: No CUDA GPUs are available"
        )
        assert "symptom:capacity-loss" not in self.suggest(
            "the nodes were drained for maintenance and it went fine"
        )

    def test_real_lines_and_words_of_a_fifty_seventh_round(self):
        """A fifty-seventh round of real lines and words (people's own words, HPC centres
        and GPU clouds, checkpoint and storage clients, fabrics, gateways, non-NVIDIA
        accelerators): a row of counters read field by field, ECC's mode, a dash before a
        field's zero, a link downed again and again, TPU halts, a failed request naming the
        site's owner, a server stopped before its model loaded, a checkpoint that never
        landed, an upgrade said in the passive."""
        lines = [
            (
                "  6a | 04/12/2024 | 03:27:29 PM CDT | Critical Interrupt | Bus Correctable "
                "error () | Asserted",
                {"symptom:pcie-error"},
            ),
            (
                "slurm_load_jobs error: Unable to contact slurm controller (connect failure)",
                {"symptom:control-plane-unresponsive"},
            ),
            (
                "[SymbolErrorCounter == 0] [LinkDownedCounter == 3]",
                {"symptom:network-link-flapping"},
            ),
            (
                "jaxlib._jax.XlaRuntimeError: INTERNAL: Core halted unexpectedly: INTERNAL: "
                "Accelerator device halted prematurely, perhaps due to an on-device "
                "check-failure.",
                {"symptom:job-crash", "component:tpu"},
            ),
            (
                "W external/org_tensorflow/tensorflow/compiler/xla/python/tpu_driver/client/"
                "tpu_client.cc:617] TPU Execute is taking a long time.",
                {"symptom:job-hang-without-error"},
            ),
            (
                "Warning: caught exception 'Unexpected error from cudaGetDeviceCount(). Error "
                "804: forward compatibility was attempted on non supported HW'",
                {"symptom:cuda-error", "root_cause:version-mismatch"},
            ),
            ("bash: nvidia-smi: command not found", {"root_cause:missing-node-software"}),
            (
                "this machine does not have the resources to deploy this pod",
                {"root_cause:capacity-exhaustion"},
            ),
            ("I am using an RTX A6000 on runpod.io", {"organisation:runpod"}),
            (
                "In both cases, I encountered a problem that CPU memory in use increases during "
                "training.",
                {"symptom:rising-memory-use"},
            ),
            (
                "`OrbaxCheckpoint` discards any error raised while finalizing checkpoints, so a "
                "run whose last checkpoint never landed finishes exactly like one that saved "
                "correctly.",
                {"symptom:checkpoint-failure"},
            ),
            (
                "vLLM pods are consistently killed by liveness probes before model loading "
                "completes",
                {"symptom:slow-model-loading"},
            ),
            (
                "It seems like KEDA is scaling down the worker before the model finishes "
                "loading, causing a loop of provisioning and loading states.",
                {"symptom:slow-model-loading", "component:autoscaler"},
            ),
            (
                "Stream error: 429 litellm.RateLimitError: AzureException RateLimitError - "
                "Your requests to gpt-5.1 have exceeded the token rate limit for your current "
                "tier",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "Error code: 429 - Rate limit reached for gpt-4o-mini in organization org-8Wo "
                "on tokens per min (TPM)",
                {"organisation:openai"},
            ),
            (
                "Retrying llama_index.llms.openai_utils.completion_with_retry in 4.0 seconds "
                "as it raised Timeout: Request timed out: HTTPSConnectionPool(host="
                "'api.openai.com', port=443): Read timed out.",
                {"organisation:openai"},
            ),
            (
                "requests.exceptions.HTTPError: 503 Server Error: Service Temporarily "
                "Unavailable for url: https://huggingface.co/timm/vit/resolve/main/"
                "model.safetensors",
                {"organisation:hugging-face", "symptom:elevated-error-rate"},
            ),
            (
                "I think it's worth noting that Frontier was upgraded to Slingshot 2.1.2 "
                "earlier this week. Since then jobs hang at init.",
                {"root_cause:software-regression"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        assert "symptom:ecc-error" not in self.suggest(
            "Tesla V100-PCIE-32GB, ECC Enabled\nuncorrected ECC — aggregate: 0, volatile: 0\n"
            "CUDA context creates cleanly — job COMPLETED, exit 0:0"
        )
        assert "symptom:ecc-error" in self.suggest("ECC errors on GPU 3")
        assert "symptom:infiniband-link-errors" not in self.suggest("[LinkDownedCounter == 0]")
        # (one link down is no flap: a down and an up are)
        assert "symptom:network-link-flapping" not in self.suggest("[LinkDownedCounter == 1]")
        assert "organisation:hugging-face" not in self.suggest(
            "downloading https://huggingface.co/Qwen/Qwen2-7B/resolve/main/model.safetensors "
            "then CUDA OOM"
        )
        assert "root_cause:firmware-or-driver-bug" not in self.suggest(
            "the driver was updated to fix the Xid 79 crashes"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "RuntimeError: No CUDA GPUs are available"
        )

    def test_real_lines_and_words_of_a_fifty_eighth_round(self):
        """A fifty-eighth round of real lines and words (training logbooks, GPU operations,
        training stacks, multi-tenant schedulers, security, facilities and cloud capacity):
        Xid 63's remapped row, SRAM's uncorrectable count, a queue that is a scheduler's,
        clouds out of a resource in a zone or over quota, a scheduler's quota, an upgrade
        in the active voice, the later accelerators of a list said to work fine, memory
        "not at full capacity"."""
        lines = [
            (
                "kernel: NVRM: Xid (PCI:0000:10:1c): 63, pid=1850, Row Remapper: New row "
                "(0x0000000000008830) marked for remapping, reset gpu to activate.",
                {"root_cause:gpu-memory-fault"},
            ),
            (
                "$ nvidia-smi -q | grep -i correctable | grep -v 0\n"
                "            SRAM Uncorrectable            : 1",
                {"symptom:ecc-error"},
            ),
            (
                "Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are "
                "available: 2 ExceedsGPUQuota.",
                {"root_cause:capacity-exhaustion", "component:job-scheduler"},
            ),
            (
                "Non-preemptible workload is over quota. Workload requested 0.2 GPUs",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "the training pods have been pending since this morning",
                {"symptom:jobs-stuck-pending", "component:job-scheduler"},
            ),
            (
                "The requested resource is not available in the location 'westus2' at this moment.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "W cloud_vm_ray_backend.py:520]   Exception Details:      (QuotaExceeded) "
                "Operation could not be completed as it results in exceeding approved "
                "standardNCASv3_T4 Family Cores quota.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "botocore.exceptions.ClientError: An error occurred "
                "(InsufficientInstanceCapacity) when calling the RunInstances operation",
                {"root_cause:capacity-exhaustion", "organisation:amazon-web-services"},
            ),
            (
                "One interesting change in our training dynamics occurred when we "
                "accidentally upgraded our Megatron dependency to 2.6 (from 2.4). We noticed "
                "that all of a sudden the loss spiked.",
                {"root_cause:software-regression", "symptom:loss-spike"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        works_elsewhere = self.suggest(
            "the MIG enablement is stuck and MIG Manager is failing to apply the changes. "
            "This issue we are specifically observing with A100 GPU's, where as everything "
            "is working fine with H100 and H200"
        )
        assert "accelerator:a100" in works_elsewhere
        assert not {"accelerator:h100", "accelerator:h200"} & set(works_elsewhere)
        assert "component:gpu-memory-hbm" not in self.suggest(
            "-9 is system out of memory: offloading is overflowing the DRAM on the servers "
            "(the offloading is also the reason the GPU memory is not at full capacity)."
        )
        assert "root_cause:software-regression" not in self.suggest(
            "we upgraded the driver to 550 to fix the Xid 79 crashes"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "the dashboard is not available in the region"
        )

    def test_real_lines_and_words_of_a_fifty_ninth_round(self):
        """A fifty-ninth round of real lines and words (host kernels, wrong output in
        serving, LLM API users, Kubernetes networking, Ray and Kubeflow, observability): a
        series of things a denial heads, "not that …", "isn't a problem on X", the lines
        under "Already ruled out:", accelerators a test passes on, kernel NULL pointers and
        file-system errors, a soft lockup without its "!", an overloaded model, providers'
        API names, a status_code of 429."""
        lines = [
            (
                "395.350871] BUG: unable to handle kernel NULL pointer dereference at "
                "00000000000000b1",
                {"component:host-operating-system"},
            ),
            (
                "kernel: XFS (dm-4): Internal error xfs_iunlink_remove at line 2038 of file "
                "fs/xfs/xfs_inode.c.",
                {"component:host-operating-system"},
            ),
            (
                "[147422.651508] EXT4-fs error (device sda1): ext4_validate_block_bitmap:387: "
                "comm fstrim: bg 68: bad block bitmap checksum",
                {"component:host-operating-system"},
            ),
            (
                'I had noticed sporadic 503 "The model is overloaded. Please try again '
                'later." errors recently',
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "pydantic_ai.exceptions.ModelHTTPError: status_code: 429, model_name: "
                "mistral-medium-latest, Mistral API",
                {"symptom:requests-throttled", "organisation:mistral-ai"},
            ),
            (
                "The API is under heavy load right now. It seems TogetherAI upstream API is down",
                {"organisation:together-ai"},
            ),
            (
                "(raylet) node_manager.cc:2963: System memory low at node with IP 172.17.0.2.",
                {"organisation:ray-project", "component:host-cpu-and-memory"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        soft_lockup = self.suggest(
            "Nodes on the GKE cluster are restarting with error `watchdog: BUG: soft lockup - "
            "CPU#2 stuck for 22s`."
        )
        assert "component:host-operating-system" in soft_lockup
        assert "symptom:nccl-timeout" not in soft_lockup
        assert "symptom:out-of-memory" not in self.suggest(
            "* Multiple Python worker processes enter uninterruptible sleep (D-state)\n"
            "* No NVIDIA Xid errors, OOM events, or GPU resets are logged"
        )
        # (a series with no "or" after its item is no series: the NCCL timeout happened)
        assert "symptom:nccl-timeout" in self.suggest("no xid, no oom, NCCL timeout at step 400")
        assert "symptom:requests-throttled" not in self.suggest(
            "When Mistral replies with a 503 error and message 'service tier capacity "
            "exceeded', it means the backend was at capacity, not that the user reached "
            "their rate limit"
        )
        assert "organisation:amazon-web-services" not in self.suggest(
            "Example of DCGM metrics on GKE:\n\nThis isn't a problem on AWS though."
        )
        assert "symptom:dns-resolution-failure" not in self.suggest(
            "Symptom:\n- Agent replies stop mid-sentence\nAlready ruled out:\n- no OOM, "
            "container memory ~966MB/4GB, CPU normal\n- DNS 32/32 resolves 4-17ms"
        )
        # (failing silently corrupts nothing; producing wrong results silently does)
        assert "symptom:silent-data-corruption" not in self.suggest(
            "Ray (on K8s) fails silently when running out of disk space."
        )
        passing = self.suggest(
            "The test fails under a specific scenario on an A100 while passing all scenarios "
            "on both an H100 and an L4."
        )
        assert "accelerator:a100" in passing and "accelerator:h100" not in passing

    def test_words_of_a_sixtieth_round_written_blind(self):
        """A sixtieth round, written blind by six helpers in engineers' voices (on-call,
        serving startup, break-fix technician, TPU/MI300X researcher, platform team, API
        support): a loss "slowly creeping up … no spikes" drifts, "went NaN", "loss went
        from 2.1 to nan"; "volatile ECC all zero" and "ecc counters zero" deny; a
        server side that "looks chill", a KV cache at "~40%" and a plugin that works "just
        fine" are well; "the box keeps hard rebooting"; Karpenter's
        InsufficientCapacityError, "zero L40S quota left", "429ing"."""
        drift = self.suggest(
            "loss slowly creeping up since step 120k on the 1.3b pretrain, no spikes, lr "
            "already in the cosine tail"
        )
        assert "symptom:loss-plateau-or-drift" in drift and "symptom:loss-spike" not in drift
        lines = [
            ("step ~31.2k loss went from 2.1 to nan in like 3 steps", {"symptom:loss-spike"}),
            (
                "lora finetune on 2x p4d went NaN at step ~3.4k, right when warmup ended.",
                {"symptom:loss-spike"},
            ),
            (
                "not HBM, checked: remapped rows 0, no pending remaps, volatile ECC all zero. "
                "but the box keeps hard rebooting under load",
                {"symptom:node-failure"},
            ),
            (
                "karpenter not bringing up any g6e nodes, nodeclaims stuck w/ "
                "InsufficientCapacityError in us-east-1 for ~2h now.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "we're 429ing ~20% of api traffic since the launch post hit HN front page. we "
                "have zero L40S quota left in the region",
                {"symptom:requests-throttled", "root_cause:capacity-exhaustion"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)
        assert "symptom:ecc-error" not in self.suggest(
            "not HBM, checked: remapped rows 0, no pending remaps, volatile ECC all zero."
        )
        assert "symptom:ecc-error" not in self.suggest(
            "checked: no xids, ecc counters zero, no preemption or node events around then"
        )
        assert "symptom:ecc-error" in self.suggest("ECC errors zero on gpu0 but 12 on gpu3")
        serving = self.suggest(
            "p99 TTFT spiking to 8-12s since ~14:00. vllm side looks chill tbh, kv cache usage "
            "~40%, num_requests_waiting ~0. requests are queueing at the envoy gateway"
        )
        assert "symptom:increased-latency" in serving
        assert not {"component:kv-cache", "component:inference-server"} & set(serving)
        assert "component:gpu-device-plugin" not in self.suggest(
            "pods get `HIP error: no ROCm-capable device is detected`. the amd device plugin "
            "advertises amd.com/gpu=8 just fine, problem is /dev/kfd isnt in the container"
        )
        # The Nth time for a named machine; a job's Nth time is no repeat-offender node.
        assert "contributing_factor:repeat-offender-nodes" in self.suggest(
            "h100-r22-05 is back on my shitlist. 4th time this month: xid 79 on gpu3"
        )
        assert "contributing_factor:repeat-offender-nodes" not in self.suggest(
            "2nd time this week the job OOMs"
        )
        assert "component:training-data-loader" in self.suggest(
            "Out of memory: Killed process 3310452 (pt_data_worker) total-vm:88123412kB"
        )

    def test_words_of_a_sixty_first_round_written_blind(self):
        """A sixty-first round, written blind (HPC support, storage, fabric, inference SRE,
        GPU-cloud security, a junior ML engineer): an accelerator where the same image "is
        happy", one a bug "could NOT repro on", one compared "of what the H100 side gets";
        what "looked exactly like" a miner and turned out not to be; "IB was untouched"; a
        checkpoint that "loaded fine"."""
        found = self.suggest(
            "wasn't OOM this time. pod keeps restarting w/ exit 139, segfault in the custom "
            "allreduce path, only on the a100 nodes. exact same image on the h100s is happy"
        )
        assert "accelerator:a100" in found and "accelerator:h100" not in found
        found = self.suggest("repros on A10G, could NOT repro on H100 w/ CC mode on.")
        assert "accelerator:a10g" in found and "accelerator:h100" not in found
        found = self.suggest(
            "MI300X cluster: rccl-tests allreduce at ~50% of what the H100 side gets on the "
            "same leafs, so not the switches."
        )
        assert "accelerator:mi300x" in found and "accelerator:h100" not in found
        assert "symptom:cryptomining" not in self.suggest(
            "3am page: H200 pool at 100% SM, nobody logged into the console, looked exactly "
            "like cryptojacking. turned out to be a customer's scheduled eval sweep thru the API"
        )
        found = self.suggest(
            "the NCCL timeouts on job 88123 are NOT from the firewall change we pushed at "
            "14:00, that only touched the mgmt vlan, IB was untouched. rank 37's node logged "
            "Xid 79"
        )
        assert "symptom:nccl-timeout" in found
        assert "component:infiniband-fabric" not in found
        assert "symptom:checkpoint-failure" not in self.suggest(
            "pod got stopped mid-epoch, the host went down for maintenance. no biggie, ckpt "
            "from step 4000 loaded fine and it resumed on a new pod"
        )
        lines = [
            (
                "GPU mem grows ~200MB/iter until CUDA OOM around 3k steps.",
                {"symptom:rising-memory-use"},
            ),
            (
                "ckpt uploader sidecar RSS climbing ~3GB/hr, gets OOMKilled every ~20h",
                {"symptom:rising-memory-use"},
            ),
            (
                "VAST upgrade 5.1->5.2 last night, since then NFSoRDMA mounts on ~30% of "
                "clients hang on first access.",
                {"root_cause:software-regression"},
            ),
            (
                "job PD for 2 days, user thinks the cluster is broken.",
                {"symptom:jobs-stuck-pending"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)

    def test_real_lines_and_words_of_the_sixty_second_to_sixty_fifth_rounds(self):
        """Rounds sixty-two to sixty-five of real lines and words (AI service postmortems,
        HPC cluster support, the Kubernetes GPU stack, large-scale training): a save a log
        line says went through, a report's banner, "appears reasonable", a guess asked as a
        question; how often, as a share of runs; latency said to be high, a service slowed
        down; a quota exceeded, a 529 Overloaded, low availability, a partition fully
        allocated; GPUs that are "not available" or "only 7 … shown"; Slurm's own lines,
        DCGM's codes and fields, the device plugin marking a GPU unhealthy."""
        # what did not go wrong
        assert "symptom:checkpoint-failure" not in self.suggest(
            "2022-11-08 10:34:17 | INFO | metaseq.checkpoint_utils | Saved checkpoint "
            "/scratch/slurm_tmpdir/163814/checkpoint_250-model_part-0-shard0.pt (epoch 1 @ "
            "250 updates, score 8.201)"
        )
        assert "symptom:checkpoint-failure" not in self.suggest(
            "[rank0]:[titan] 2025-06-16 23:47:16,568 - root - INFO - Finished saving the "
            "checkpoint (or staging if async is enabled)in 393.86 seconds."
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            "the saved checkpoint could not be loaded back after the restart"
        )
        assert "symptom:training-throughput-drop" not in self.suggest(
            "[default0]:=== Straggler Report at Step 10 ===\n[default0]:\n"
            "[default0]:✓ No stragglers detected."
        )
        offload = self.suggest(
            "The process is being killed during offload because it is consuming to much CPU "
            "memory. The GPU memory usage also appears reasonable for such a large model."
        )
        assert "symptom:out-of-memory" in offload
        assert "component:gpu-memory-hbm" not in offload
        assert "symptom:out-of-memory" not in self.suggest(
            "cog.server.exceptions.FatalWorkerException: Prediction failed for an unknown "
            "reason. It might have run out of memory? (exitcode -11)"
        )
        left = self.suggest(
            "I think the DeepSeek servers are experiencing incredibly high load with everyone "
            "switching over from ChatGPT 4o and o1, and Claude 3.5."
        )
        assert "root_cause:demand-surge" in left
        assert "organisation:openai" not in left and "organisation:anthropic" not in left
        lines = [
            (
                'After a slurm job has started I sometimes get a "RuntimeError: NCCL Error 2: '
                'unhandled system error". This only happens on some runs and not all the time.',
                {"symptom:intermittent-failures", "component:nccl"},
            ),
            (
                "~5% of the time that in `EKS` I start a Bottlerocket node on a g4dn instance "
                "it didn't expose the gpu count for pods",
                {"symptom:intermittent-failures", "symptom:gpu-not-visible"},
            ),
            (
                "Their main datacenter fell over, they routed traffic to their AWS fallback, "
                "but the latencies on their streaming endpoint were still incredibly high.",
                {"symptom:increased-latency"},
            ),
            (
                "This led to database contention and slowed down our production service.",
                {"symptom:increased-latency"},
            ),
            (
                "On April 10th a large portion of requests to OpenAI failed with 500 & 503 "
                "error codes.",
                {"symptom:elevated-error-rate", "organisation:openai"},
            ),
            (
                '{ "message": "This request exceeds your quota of 2000000000.", "error": '
                '"quota_exceeded" }',
                {"root_cause:capacity-exhaustion"},
            ),
            ("API Error: 529 Overloaded.", {"root_cause:capacity-exhaustion"}),
            (
                "I also run into this problem with the NVIDIA L4 and H100 PCIe, all of which "
                "are listed as low availability on runpod.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "the `gpu2080ti` partition is fully allocated, and you have to wait until the "
                "resources are released.",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "sky.exceptions.ResourcesUnavailableError: Failed to provision all possible "
                "launchable resources. Relax the task's resource requirements",
                {"root_cause:capacity-exhaustion"},
            ),
            (
                "worker-comfyui: GPU is not available. PyTorch CUDA init failed:",
                {"symptom:gpu-not-visible"},
            ),
            (
                "I found that there were only 7 GPU cards shown from Kubernetes, even I'm using "
                "8 GPU cards in H100 node",
                {"symptom:gpu-not-visible"},
            ),
            (
                "Previously, gpu compute nodes would show up as 'inval' state because the nvml "
                "library needed by slurmd was not available as the expected filename.",
                {"root_cause:missing-node-software"},
            ),
            (
                "Warning  Failed  10s  kubelet  Error: failed to inject CDI devices: "
                "unresolvable CDI devices management.nvidia.com/gpu=GPU-e78e68c0",
                {"symptom:gpu-not-visible"},
            ),
            (
                "error: Node configuration differs from hardware: Procs=2:4(hw) Boards=1:1(hw)",
                {"component:job-scheduler"},
            ),
            ("$ sinfo -R\nREASON NODELIST\nNot Responding dev8", {"component:job-scheduler"}),
            (
                "I0809 13:32:51.873541 1 health.go:185] XidCriticalError: Xid=94 on "
                "Device=GPU-3b6ec030; marking device as unhealthy.",
                {"component:health-check"},
            ),
            (
                "GpuMemWatchIsNotHealthy ErrorCode:DCGM_FR_XID_ERROR GPU:4 Detected XID 31 "
                "for GPU 4",
                {"component:health-check"},
            ),
            (
                "Labels like `namespace` and `pod` are sometimes missing from metrics that "
                "should contain them, like `DCGM_FI_DEV_FB_USED`",
                {"component:monitoring-and-logging"},
            ),
            (
                'level=fatal msg="Error connecting to nv-hostengine: Host engine connection '
                'invalid/disconnected"',
                {"component:monitoring-and-logging"},
            ),
            (
                "make[1]: *** /lib/modules/5.15.0-60-generic/build: No such file or "
                "directory. Stop.",
                {"component:host-operating-system"},
            ),
            ("e001.53882PSM2 no hfi units are active (err=23)", {"component:nic"}),
            (
                "RuntimeError: Missing key in checkpoint state_dict: "
                "module.decoder.layers.self_attention.q_layernorm._extra_state/shard_0_16.",
                {"symptom:checkpoint-failure"},
            ),
            (
                "kernel: INFO: task strat1_sim:80601 blocked for more than 120 seconds.",
                {"symptom:job-hang-without-error"},
            ),
            (
                "Hopefully this time we can get HPE to replace the GPU.  I have put it into a "
                "drain state for now so it wont accept new jobs.",
                {"organisation:hpe", "component:job-scheduler"},
            ),
            (
                "nvidia-operator-validator pods are getting into init, crashloopback state forever",
                {"symptom:crash-loop"},
            ),
            (
                "Training at 256 scale, float8 rowwise ended up crashing due to NaN's for the "
                "loss.",
                {"symptom:job-crash"},
            ),
            (
                "On etcd backend, deleting one pod would cause the entire PytorchJob to fail.",
                {"symptom:job-crash"},
            ),
            ("After multiple 429's, the task completes", {"symptom:requests-throttled"}),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)

    def test_real_lines_and_words_of_the_sixty_sixth_to_sixty_ninth_rounds(self):
        """Rounds sixty-six to sixty-nine (self-hosted serving, cluster networks, GPU host
        hardware, engineers' own words): utilisation "in nvidia-smi stays at 100%" is no
        low utilisation; a cool die temperature is no heat; a memory pool's leak is no
        coolant's; what follows "even though" was well, not the clause before it; "it’s
        not a …" with a curled apostrophe; "an otherwise-unchanged config"; the usual
        causes an answer lists; "ECC is active"; "NVLINK connected"."""
        assert "symptom:low-gpu-utilisation" not in self.suggest(
            "the GPUs utilization in nvidia-smi stays at 100%, and the power consumption "
            "ranges from 80W to 95W. During this time, none of the threads receive responses."
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "- GPU SM utilization 100%, but memory throughput 0%, power ~118 W against a "
            "~400 W cap, die temperature 34–37 °C"
        )
        leak = self.suggest(
            "sglang/srt/managers/router/model_rpc.py:179: UserWarning: Warning: "
            "available_size=38896, max_total_num_token=49196\nKV cache pool leak detected!"
        )
        assert "root_cause:memory-leak" in leak and "component:cooling-system" not in leak
        assert "component:health-check" in self.suggest(
            "so the link comes up below x16 and the sub-test fails with DCGM_FR_PCIE_WIDTH "
            "(error 46) even though the GPU is healthy."
        )
        assert "root_cause:demand-surge" not in self.suggest(
            "New nodes crash immediately after warmup, engineer realizes it’s not a traffic spike"
        )
        assert "root_cause:configuration-change" not in self.suggest(
            "Starting with vLLM 0.25.1, a large dense model that previously started fine now "
            "OOMs during CUDA graph capture, even with an otherwise-unchanged config."
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "You’re getting a XID 79, fallen off the bus. Most common reasons for this issue "
            "are overheating or lack of power or outdated SBIOS."
        )
        assert "symptom:ecc-error" not in self.suggest(
            "[Sat Jan  7 14:25:56 2023] amdgpu 0000:e3:00.0: amdgpu: MEM ECC is active."
        )
        assert "component:nvlink" not in self.suggest(
            "in past days i have run thousands of independent jobs, each is with 1 nodes (4 "
            "gpus, NVLINK connected) and i saw this DCP hangs again"
        )
        lines = [
            (
                "Msg: ibwarn: [1685604] sa_get_handle: No SM/SA found on port :1",
                {"component:infiniband-fabric"},
            ),
            (
                "kfserving inference service state shows Ready=True when pods are in "
                "CrashLoopBackoff state",
                {"organisation:kserve"},
            ),
            (
                "(VllmWorkerProcess pid=340358) WARNING 08-28 14:16:50 shm_broadcast.py:404] "
                "No available block found in 60 second.",
                {"organisation:vllm"},
            ),
            (
                "Reruns don't help: SLURM has no GPU-health awareness and keeps rescheduling "
                "onto the same bad node.",
                {"contributing_factor:repeat-offender-nodes"},
            ),
            (
                "After an error or warning message, the training stops but the job is still "
                "running.",
                {"symptom:job-hang-without-error"},
            ),
            (
                'Non-reproducible, intermittent running "Grid" code on Booster at Juelich in '
                "production jobs.",
                {"symptom:intermittent-failures"},
            ),
        ]
        for line, values in lines:
            with self.subTest(line=line[:60]):
                assert values <= set(self.suggest(line)), self.suggest(line)

    def test_the_review_of_rounds_sixty_two_to_sixty_eight_narrowed_four_readings(self):
        """Found reading the change again: a share of the time with no failure beside it,
        a load average, a service's uptime and a cooling word after "memory" read as
        trouble they are not (each worked before the rules they came with); "only happens
        on some runs" never matched (a backspace where a word boundary was meant)."""
        assert "symptom:intermittent-failures" not in self.suggest(
            "the dataloader is the bottleneck: GPUs sit idle 40% of the time"
        )
        assert "symptom:intermittent-failures" in self.suggest(
            "~5% of the time the node boots and it didn't expose the gpu count"
        )
        assert "symptom:intermittent-failures" in self.suggest(
            "the job crashes about 10% of the time on the new nodes"
        )
        # (its pattern had been written with a backspace where "\b" was meant, so only
        # "not all the time" ever read the first round's line)
        assert "symptom:intermittent-failures" in self.suggest(
            "it only happens on some runs, the rest are fine"
        )
        assert "root_cause:demand-surge" not in self.suggest(
            "extremely high load average on gpu-node-12 since the kernel update"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "our API had low availability this week because of the bad deploy"
        )
        assert "component:cooling-system" in self.suggest(
            "the memory cooling loop failed on rack 12 and GPUs throttled"
        )

    def test_real_lines_and_words_of_the_seventieth_to_seventy_third_rounds(self):
        """Rounds seventy to seventy-three (storage and checkpoints, non-NVIDIA accelerators,
        job schedulers, LLM serving), real lines and words from public threads: trouble
        that "does not always happen"; a job with "no more output"; a server that gives
        "no response"; jobs "submitted via …" that "remain in PENDING"; utilisation "to
        remain at 0%"; a storage client's write timeout is no collective's; a model loaded
        by its hub id in ten minutes; an accelerator a tool cannot "recognize"; a device file
        that would not open; vLLM's Ray workers are serving, not training."""
        assert "symptom:intermittent-failures" in self.suggest(
            "The behavior is not deterministic, it does not always happen, but it happens "
            "frequently;"
        )
        assert "symptom:job-hang-without-error" in self.suggest(
            "Then there is no more output in the log and no checkpoint saving."
        )
        assert "symptom:job-hang-without-error" in self.suggest(
            "seems to load fine but I get no response from ollama."
        )
        assert "symptom:jobs-stuck-pending" in self.suggest(
            "Jobs submitted via spur submit remain in PENDING state with Reason=Priority, even "
            "though nodes in the target partition are idle and available."
        )
        assert "symptom:low-gpu-utilisation" in self.suggest(
            "During training, I found that Dataloader load data very slowly, causing the GPU "
            "utilization to remain at 0% for a long time. However, despite this, there is "
            "still a lot of CPU idle."
        )
        assert "symptom:nccl-timeout" not in self.suggest(
            "azure.core.exceptions.ServiceResponseError: ('Connection aborted.', "
            "timeout('The write operation timed out'))"
        )
        assert "symptom:slow-model-loading" in self.suggest(
            "Loading `meta-llama/Llama-4-Scout-17B-16E-Instruct` on `NVIDIA-H100-80GB-HBM3` "
            "with tensor parallel of 4 requires about 10 minutes."
        )
        assert "symptom:slow-model-loading" not in self.suggest(
            "loading data/train.parquet takes 10 minutes"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "On a fresh Google Cloud TPU VM (created today), I cannot get torch-xla to "
            "recognize the TPU."
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "grpc_server_lib.cc:561] Invalid argument: Invalid fd: -1; Couldn't open device: "
            "/dev/accel0 (Operation not permitted)"
        )
        assert "symptom:out-of-memory" in self.suggest(
            "[TRT-LLM] [RANK 1] [E] Failed to initialize executor on rank 1: Executor creation "
            "failed due to insufficient GPU memory."
        )
        assert "symptom:requests-throttled" in self.suggest(
            '"message":"You have reached your specified API usage limits. You will regain '
            'access on 2026-09-01 at 00:00 UTC."'
        )
        assert "symptom:degraded-output-quality" in self.suggest(
            "upped my power for my jetson orin nano to supermax, still get "
            "GGGGGGGGGGGGGGGGGGGGGGGGGGGG's."
        )
        served = self.suggest(
            "(RayWorkerVllm pid=409241) [E ProcessGroupNCCL.cpp:474] [Rank 1] Watchdog caught "
            "collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, "
            "NumelOut=1, Timeout(ms)=1800000) ran for 1800762 milliseconds before timing out."
        )
        assert "organisation:vllm" in served and "workload:training" not in served
        assert "organisation:idris" in self.suggest(
            "In the case of JeanZay from my many experiments IO seems to be the bottleneck"
        )
        assert "symptom:cuda-error" in self.suggest(
            "hip_queue: hipMemsetAsync() failed (error code = HIP:1)\n"
            "terminate called without an active exception"
        )

    def test_real_lines_and_words_of_the_seventy_fourth_to_seventy_seventh_rounds(self):
        """Rounds seventy-four to seventy-seven (numerics, cloud GPU instances, AI services'
        incidents, forums), real lines and words from public threads: NaN "in the forward
        loss" and tensorboardX's "NaN or Inf found"; TensorFlow's checkpoint checksum; loss
        "spikes" are no demand surge; temperatures "still like idle" and "hbm capacity"
        are no heat and no machines run out; an HTTP header names no party; the kernel's
        "infiniband" names EFA too; a device's own CPU; what an error "does not
        distinguish"; instances "working fine" beside failing ones."""
        assert "symptom:loss-spike" in self.suggest(
            "the restored training state deterministically produces NaN in the forward loss "
            "3 iterations after the load"
        )
        assert "symptom:loss-spike" in self.suggest(
            "2021-03-17 12:21:19,650 | x2num.py   | line 14 : NaN or Inf found in input tensor."
        )
        assert "symptom:checkpoint-failure" in self.suggest(
            "W tensorflow/core/framework/op_kernel.cc:1192] Data loss: Checksum does not "
            "match: stored 411918014 vs. calculated on the restored bytes 2088034305"
        )
        assert "root_cause:demand-surge" not in self.suggest(
            "But it's not clear why the processing of the last batch would produce these spikes"
        )
        assert "component:kv-cache" in self.suggest(
            "When using fp8_e4m3 for KVCache, we observed severe accuracy degradation."
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "Either I end up facing an OOM or GPU hangs at 100% load but doing nothing - temps "
            "still like idle."
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of "
            "memory in memory space hbm. Used 21.95G of 15.48G hbm.\n Exceeded hbm capacity by "
            "6.47G."
        )
        overloaded = self.suggest(
            "status: 529,\n    server: 'cloudflare',\n    via: '1.1 google',\n"
            'InternalServerError: 529 {"type":"error","error":{"type":"overloaded_error"'
        )
        assert "organisation:cloudflare" not in overloaded
        assert "organisation:google" not in overloaded
        assert "component:infiniband-fabric" not in self.suggest(
            "[ 1632.420956] infiniband efa_0: Failed to process command ALLOC_PD (opcode 14) "
            "comp_status 1 err -12"
        )
        assert "component:infiniband-fabric" not in self.suggest(
            "device: rdmap79s0,uverbs0,/sys/class/infiniband_verbs/uverbs0,"
            "/sys/class/infiniband/rdmap79s0"
        )
        assert "component:host-cpu-and-memory" not in self.suggest(
            "habanalabs hl2: Failed to communicate with Device CPU (CPU-CP timeout)"
        )
        undistinguished = self.suggest(
            "The completion error alone does not distinguish a failed HCA from another "
            "provider-side path or switch fault."
        )
        assert "root_cause:nic-fault" not in undistinguished
        assert "root_cause:switch-failure" not in undistinguished
        assert "accelerator:a100" not in self.suggest(
            "We are running into failures on p5 nodes but p4 and p4de are working fine with "
            "same settings."
        )

    def test_the_review_of_rounds_seventy_to_seventy_six_narrowed_their_readings(self):
        """Found by a reviewer breaking the rounds' rules: hardware "running out of memory"
        is not hardware that works; "Inference server: vLLM" is no header; temperatures
        that "jump from idle to 95" or are "not good" keep their heat; "Ethernet/InfiniBand"
        is no sysfs path; no more logs in a log store and no response from a vendor are no
        hang; a TPU "slowdown" or a GPU missing from a list of supported devices is no GPU
        gone; a fine-tuning timed after a model load and a dataset's id are no slow model
        load; a check for inf in the loss function is no loss spike; "can't distinguish"
        as "does not"; jobs that "never wait in the queue" are not pending; what "didn't
        always crash before" is no intermittent failure."""
        assert "accelerator:h100" in self.suggest(
            "Same job: on A100 it finishes, but the H100 is running out of memory at step 200"
        )
        assert "organisation:vllm" in self.suggest(
            "Inference server: vLLM 0.6.3, crashes with CUDA OOM after a few requests"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "GPU temps jump from idle to 95 within a minute and then the job crashes"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "Temperature is not good on gpu 5, the node keeps rebooting"
        )
        assert "component:infiniband-fabric" in self.suggest(
            "Ethernet/InfiniBand link flaps on node 12, ibstat shows port down"
        )
        for sentence in (
            "Since fluentd crashed there are no more logs in Elasticsearch from the gpu nodes",
            "We got no response from the vendor support yet about the quote",
        ):
            assert "symptom:job-hang-without-error" not in self.suggest(sentence), sentence
        for sentence in (
            "We did not see the TPU slowdown on v5e, only on v4",
            "I couldn't find my GPU in the list of supported devices for this driver",
        ):
            assert "symptom:gpu-not-visible" not in self.suggest(sentence), sentence
        for sentence in (
            "After loading meta-llama/Llama-2-7b-hf the fine-tuning took 3 hours on one A100",
            "Loading datasets/openwebtext-gpt2 from the NFS share takes 30 minutes",
        ):
            assert "symptom:slow-model-loading" not in self.suggest(sentence), sentence
        assert "symptom:loss-spike" not in self.suggest(
            "I added a check for inf in the loss function and it never fires; the job just "
            "hangs at step 500"
        )
        assert "root_cause:switch-failure" not in self.suggest(
            "The completion error alone can't distinguish a failed HCA from another "
            "provider-side path or switch fault."
        )
        assert "symptom:jobs-stuck-pending" not in self.suggest(
            "Jobs submitted with high priority never wait in the queue, they start right away"
        )
        assert "symptom:intermittent-failures" not in self.suggest(
            "The job didn't always crash before the upgrade; now it crashes every time"
        )

    def test_more_real_lines_of_the_seventy_second_to_seventy_sixth_rounds(self):
        """A second pass over rounds seventy-two to seventy-six, real lines and words from
        public threads and docs: nccl-tests' "Test NCCL failure" ends the test; Ray's
        "pending placement groups" wait; EC2's hardware-degradation notice is the host's
        hardware; Karpenter's InsufficientCapacityError and "limited H100 capacity" are
        capacity that ran out (not "limited by capacity of HBM"); "503 Service
        Unavailable" after an error is an error; the Hugging Face API's "Model … is
        currently loading" is slow loading; "OCI runtime" is the container runtime's, not
        Oracle's."""
        assert "symptom:job-crash" in self.suggest(
            "test-nccl-p5-2-worker-0: Test NCCL failure common.cu:961 'internal error - please "
            "report this issue to the NCCL developers'"
        )
        assert "symptom:jobs-stuck-pending" in self.suggest(
            "Demands:\n {'CPU': 0.5, 'A10': 1.0, 'GPU': 1.0} * 1 (STRICT_SPREAD): 1+ pending "
            "placement groups"
        )
        assert "root_cause:host-component-failure" in self.suggest(
            "EC2 has detected degradation of the underlying hardware hosting your Amazon EC2 "
            "instance (instance-ID: i-0ed92ea5485e5dbca) in the eu-west-1 region."
        )
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "Map OCI `Out of host capacity` launch failures to Karpenter "
            "`InsufficientCapacityError`."
        )
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "Hey @user , we have limited H100 capacity at the moment and it is first come "
            "first serve."
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "the memory bandwidth is limited by capacity of HBM"
        )
        assert "symptom:elevated-error-rate" in self.suggest(
            "ERROR:server.lib.inference:Error: Request failed: 503 Service Unavailable"
        )
        assert "symptom:slow-model-loading" in self.suggest(
            "{'error': 'Model deepset/roberta-base-squad2 is currently loading', "
            "'estimated_time': 20.0}"
        )
        assert "organisation:oracle" not in self.suggest(
            "OCI runtime create failed: runc create failed: unable to start container process"
        )

    def test_real_lines_and_words_of_the_seventy_eighth_to_eighty_fourth_rounds(self):
        """Rounds seventy-eight to eighty-four (GPU hardware, distributed training,
        Kubernetes, facilities, cluster networks, ML security, LLM APIs), real lines and
        words from public threads and docs: a theft denied ("didn't steal my key") is no
        stolen credential; Debian's "amd64" names no AMD; "Microsoft researchers documented"
        an attack elsewhere; what was "avoided" did not happen; perfquery's dotted zero
        counters; what a cause "might be"; what "at first seemed like" an OOM; a model API's
        token limits are inference; miners, NVSwitch SXids and a GPU "unreachable on the
        bus" by cited signatures; Ray's dead node, the node controller's "Kubelet stopped
        posting node status" and the kernel's thermal shutdown are node failures."""
        assert "root_cause:stolen-credentials" not in self.suggest(
            "\"The attacker didn't steal my key. They found a Cloud Run service I'd published "
            'from AI Studio months earlier, hit the public URL"'
        )
        assert "root_cause:stolen-credentials" not in self.suggest("our API key was not stolen")
        assert "organisation:amd" not in self.suggest(
            "ii  libnvidia-container1:amd64      1.16.1-1    amd64   NVIDIA container runtime "
            "library"
        )
        assert "organisation:microsoft" not in self.suggest(
            "Microsoft researchers documented attackers deploying the container image "
            "ddsfdfsaadfs/dfsdf:99, which bundles the XMRig Monero miner, into "
            "internet-exposed Kubeflow clusters."
        )
        assert "symptom:cryptomining" not in self.suggest(
            "It uses github authentication, so we've thus far mostly avoided cryptominers (#188)."
        )
        assert "symptom:infiniband-link-errors" not in self.suggest(
            "# Port extended counters: Lid 10 port 1 (CapMask: 0x5300)\n"
            "SymbolErrorCounter:..............0\nLinkErrorRecoveryCounter:........0\n"
            "LinkDownedCounter:...............0"
        )
        causes = self.suggest(
            "A straggler is a rank whose per-step duration sits meaningfully above the cohort "
            "median. The cause might be transient (thermal throttling, an ECC retry, a slow "
            "PCIe rebind) or persistent (a partial NVLink failure, a flaky HBM stack with a "
            "high single-bit-error rate, a bad DIMM on the host CPU)."
        )
        assert "root_cause:nvlink-fault" not in causes
        assert "root_cause:host-component-failure" not in causes
        assert "symptom:out-of-memory" not in self.suggest(
            "this error reported at first seemed like it should be an out-of-memory issue, but "
            "a large enough amount of memory has been used in the calculations."
        )
        assert "workload:inference" in self.suggest(
            "API Error (429 Too many tokens, please wait before trying again.) · Retrying in 1 "
            "seconds… (attempt 1/10)"
        )
        assert "symptom:cryptomining" in self.suggest(
            "sudo kill -9 $(pidof kdevtmpfsi)  # Primary miner"
        )
        assert "symptom:nvlink-error" in self.suggest(
            "dmesg | grep -i nvidia 显示大量 NVSwitch 的 SXid 20034 Fatal 和 19084 Non-fatal 错误"
        )
        assert "symptom:gpu-fell-off-the-bus" in self.suggest(
            "Software-level reset via nvidia-smi -r is impossible because the device is "
            "unreachable on the bus."
        )
        for line in (
            "The node with node id: 75b2eec8 and ip: 10.4.4.107 has been marked dead because "
            "the detector has missed too many heartbeats from it.",
            'type: Ready, status: Unknown, reason: "Kubelet stopped posting node status."',
            "kernel: thermal thermal_zone3: critical temperature reached (80 C), shutting down",
        ):
            assert "symptom:node-failure" in self.suggest(line), line

    def test_the_review_of_rounds_seventy_eight_to_eighty_four_narrowed_their_readings(self):
        """Found by a reviewer breaking the third pass's rules: what "seemed like" another
        thing happened; a cause "can be traced to" is a finding, and a possible cause ends at
        "but"; what "could have" been avoided, or "nothing" avoided, happened; a theft
        denial needs its verb right after it and yields to a key "used to" do harm; a
        training run's tokens per minute is no model API; Debian's lower-case "amd64" only;
        a GPU "unreachable on the bus", not an NVMe drive; "SXID" and "kvcache" in any case;
        GPU memory "bandwidth" is no out-of-memory; any server overloaded is not the
        API's "Server overloaded, please retry"."""
        assert "symptom:nccl-timeout" in self.suggest(
            "The NCCL timeouts seemed like a network problem, but it was a bad GPU on node 4"
        )
        assert "root_cause:nvlink-fault" in self.suggest(
            "The root cause can be traced to a failing NVLink bridge on GPU 3"
        )
        assert "symptom:gpu-fell-off-the-bus" in self.suggest(
            "We thought the cause might be the network, but dmesg showed Xid 79 on GPU 3"
        )
        assert "symptom:out-of-memory" in self.suggest(
            "we could have avoided the OOM if we had lowered the batch size"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "Nothing we did avoided the thermal throttling on rack 4"
        )
        assert "root_cause:stolen-credentials" in self.suggest(
            "The attacker didn't steal my key, it was leaked in a public github repo and used "
            "to run miners"
        )
        assert "root_cause:stolen-credentials" in self.suggest(
            "We did not notice stolen AWS keys until the bill arrived"
        )
        assert "root_cause:stolen-credentials" not in self.suggest(
            "The attacker didn’t steal my key, we only exposed it in a log"
        )
        assert "workload:inference" not in self.suggest(
            "our training run processes 40M tokens per minute across 512 H100s"
        )
        assert "organisation:amd" in self.suggest(
            "we run AMD64 EPYC hosts with 8x MI300X and see RCCL hangs"
        )
        assert "symptom:gpu-fell-off-the-bus" not in self.suggest(
            "the NVMe drive was unreachable on the PCIe bus after the firmware update"
        )
        assert "symptom:gpu-fell-off-the-bus" in self.suggest(
            "GPU 3 is unreachable on PCIe bus after the reboot"
        )
        assert "symptom:nvlink-error" in self.suggest(
            "fabric manager logged SXID 20034 on switch 3"
        )
        assert "component:kv-cache" in self.suggest(
            "kvcache usage hit 100% and vLLM started preempting requests"
        )
        assert "symptom:out-of-memory" not in self.suggest(
            "not enough GPU memory bandwidth to saturate the tensor cores, MFU stuck at 30%"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "the NFS server overloaded and checkpoint writes stalled"
        )

    def test_real_lines_and_words_of_the_eighty_sixth_to_ninety_second_rounds(self):
        """Rounds eighty-six to ninety-two (training frameworks, vLLM and SGLang, Slurm,
        file systems, PyTorch distributed, NVIDIA's datacenter GPUs, GPU clouds), real lines
        and words from public threads and pages: a rise before utilisation is no fall ("a
        spike in GPU SM Utilization"); nvidia-smi's link speeds are no NVLink error; Ray's
        list of "potential root causes" only lists them; a "first suspicion" is a guess a "but"
        corrects;
        "Post Upgrade" is after an upgrade; "卡在" is stuck; vLLM's EngineCore process;
        utilisation "sitting at 15%"; what "sometimes leads to" an error is intermittent."""
        for sentence in (
            "These tests execute once per hour and are visible in Grafana dashboards, where "
            "you'll see a spike in GPU SM Utilization, CPU Utilization, and GPU Memory "
            "Utilization metrics.",
            "we saw a spike in gpu util when the burn-in started",
        ):
            assert "symptom:low-gpu-utilisation" not in self.suggest(sentence), sentence
        assert "symptom:nvlink-error" not in self.suggest(
            "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-ff8a40d4-abc6-08d1-f939-15848b5d4e05)\n"
            "\t Link 0: 25 GB/s\n\t Link 1: 25 GB/s\n\t Link 2: 25 GB/s"
        )
        assert "symptom:out-of-memory" not in self.suggest(
            "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with "
            "a connection error code 2. End of file. There are some potential root causes. (1) "
            "The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray "
            "stop --force is called."
        )
        # (a suspicion corrected by "but": the round's own line, corrected a sentence later
        # by "Which wasn't the case", is still read; left)
        first = self.suggest(
            "My first suspicion was an NCCL timeout on the IB fabric, but it turned out to be a "
            "bad GPU"
        )
        assert "symptom:nccl-timeout" not in first and "root_cause:faulty-gpu" in first
        assert "root_cause:software-regression" in self.suggest(
            "Output Garbage Text in Mixtral 8x7b Post Upgrade to 0.3.0"
        )
        assert "symptom:job-hang-without-error" in self.suggest(
            "使用官方给的配置文件进行训练，单机八卡可以正常训练，但是2*8会卡在模型加载之后"
        )
        assert "organisation:vllm" in self.suggest(
            "|    0   N/A  N/A          342697      C   VLLM::EngineCore        60993MiB |"
        )
        assert "symptom:low-gpu-utilisation" in self.suggest(
            "I've debugged enough hanging DataLoaders at 3am to know the symptoms: GPU "
            "utilization sitting at 15%, workers mysteriously dying"
        )
        assert "symptom:intermittent-failures" in self.suggest(
            "Running `sinfo -a --noheader -o '%R %F %c %C %G %m %l'` sometimes lead to\n"
            "`RuntimeError: slurm_load_node: Socket timed out on send/recv operation`"
        )

    def test_the_review_of_rounds_eighty_six_to_ninety_two_narrowed_their_readings(self):
        """Found by a reviewer breaking the fourth pass's rules: 卡 of a card (显卡在, 张卡在)
        and a denied 卡住 are no hang; "post updates" is no upgrade; possible causes end
        at their sentence, so the root cause found "in the end" stands; utilisation that
        "shows 5% overhead" or "reads 30% higher" is no level; a spike then idle GPUs is
        low utilisation; "a drop in loss" is no spike, nor read again as lost packets; an
        NVLink link "went offline" is an NVLink error; "sometimes leads to a CUDA error on
        rank 3" with words between."""
        for sentence in ("显卡在训练时温度很高", "训练没有卡住，只是很慢"):
            assert "symptom:job-hang-without-error" not in self.suggest(sentence), sentence
        assert "root_cause:software-regression" not in self.suggest(
            "I'll post updates here as I dig further, training hangs at step 300"
        )
        assert "root_cause:faulty-gpu" in self.suggest(
            "We looked at a few possible causes (driver, NCCL, cabling). In the end the root "
            "cause was a faulty GPU that threw Xid 79."
        )
        for sentence in (
            "GPU utilization shows 5% overhead from the profiler",
            "GPU utilization reads 30% higher than before the fix",
        ):
            assert "symptom:low-gpu-utilisation" not in self.suggest(sentence), sentence
        assert "symptom:low-gpu-utilisation" in self.suggest(
            "a brief spike in GPU utilization and then the GPUs sit idle for minutes waiting "
            "on the dataloader"
        )
        dropped = self.suggest("a drop in loss after lowering the LR")
        assert "symptom:loss-spike" not in dropped
        assert "symptom:network-connectivity-loss" not in dropped
        assert "symptom:nvlink-error" in self.suggest(
            "NVLink link 3 went offline on node 12 and all-reduce bandwidth collapsed"
        )
        assert "symptom:intermittent-failures" in self.suggest(
            "Setting NCCL_DEBUG=INFO sometimes leads to a CUDA error on rank 3"
        )

    def test_real_lines_and_words_of_the_ninety_fourth_to_hundredth_rounds(self):
        """Rounds ninety-four to a hundred (monitoring, inference on Kubernetes, AMD at
        scale, HPC centres, training write-ups, container stacks, people's own words):
        PyTorch's watchdog "Exception (either an error or timeout) detected by watchdog" is
        a collective timing out; "Kubelet and docker are running fine" denies them; a
        temperature that drops is no heat; ibstatus' port with "link_layer: Ethernet" is
        RoCE's; an alert's "false positive" misled."""
        assert "symptom:nccl-timeout" in self.suggest(
            "[rank3]:[E227 16:30:43.526290891 ProcessGroupNCCL.cpp:1785] [PG ID 2 PG GUID 3 "
            "Rank 3] Exception (either an error or timeout) detected by watchdog at work: 32, "
            "last enqueued NCCL work: 32, last completed NCCL work: 31."
        )
        assert "component:kubelet" not in self.suggest(
            "getting the following errors in node problem detector pod logs. Kubelet and "
            "docker are running fine on worker nodes."
        )
        assert "root_cause:gpu-overheating" not in self.suggest(
            "Training speed degrades significantly with GPU power and temperature drop"
        )
        assert "component:roce-fabric" in self.suggest(
            "Infiniband device 'mlx5_0' port 1 status:\n        state:           4: ACTIVE\n"
            "        link_layer:      Ethernet"
        )
        assert "contributing_factor:misleading-signals" in self.suggest(
            "So the 85C threshold alerts on expected behavior during any sustained LLM "
            "workload, producing a daily false positive that can mask a real thermal event."
        )

    def test_the_review_of_rounds_ninety_four_to_a_hundred_narrowed_their_readings(self):
        """Found by a reviewer breaking the fifth pass's rules: what "was working fine
        before" or "until" broke, or works "on 1 node but" not on two, is not denied; a
        watchdog's "failure detected" may be an error, not a timeout; an InfiniBand port
        beside an Ethernet one stays InfiniBand; heat said in another clause keeps a
        temperature that "decreased" hot; "false positives" of a threshold and a node that
        "reads as healthy" after a fix mislead no one; an alert rule that "never fired"
        while GPUs fell off the bus did."""
        for sentence in (
            "NCCL was working fine before the driver upgrade, now it hangs at init",
            "NCCL is working fine on 1 node but hangs on 2 nodes",
        ):
            assert "component:nccl" in self.suggest(sentence), sentence
        assert "symptom:nccl-timeout" not in self.suggest(
            "[rank0]:[E723 01:58:45.511 ProcessGroupNCCL.cpp:2268] [PG ID 1 PG GUID 1 Rank 0] "
            "failure detected by watchdog at work sequence id: 45390\nRuntimeError: CUDA error: "
            "an illegal memory access was encountered"
        )
        assert "component:infiniband-fabric" in self.suggest(
            "ibstatus shows mlx5_0 link_layer: InfiniBand state DOWN, mlx5_1 link_layer: "
            "Ethernet ACTIVE; the InfiniBand port on mlx5_0 will not come up"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "accelerators slowed down due to temperature, the temperature decreased only after "
            "we cleaned the filters"
        )
        for sentence in (
            "we raised the ECC threshold to avoid false positives from the Xid 63 rule",
            "after the fix the node reads as healthy in DCGM and the job completes",
        ):
            assert "contributing_factor:misleading-signals" not in self.suggest(sentence), sentence
        assert "contributing_factor:misleading-signals" in self.suggest(
            "the XID alert rule never fired even though three GPUs fell off the bus"
        )

    def test_more_real_lines_of_the_ninety_sixth_round(self):
        """Round ninety-six (AMD at scale), real lines and words: the kernel's "Previous
        system reset reason …: an uncorrected error caused a data fabric sync flood event"
        is a node that went down (a cited signature); "some nodes in mi1008x are down this
        morning" too, but not nodes "down for maintenance"."""
        assert "symptom:node-failure" in self.suggest(
            "x86/amd: Previous system reset reason [0x08000800]: an uncorrected error caused a "
            "data fabric sync flood event"
        )
        assert "symptom:node-failure" in self.suggest(
            "Hi, some nodes in mi1008x are down this morning. I think only 10 can be used right "
            "now."
        )
        assert "symptom:node-failure" not in self.suggest(
            "some nodes are down for maintenance until Friday"
        )

    def test_trouble_in_one_version_and_none_in_another_is_a_regression(self):
        """A corpus thread's "the OOM happened in sha-74b0231 but works in sha-eade737", and
        the same contrast in other words, shows *Software regression* (a driver's versions:
        *Firmware or driver bug*); "moved from torch 2.3 to 2.4" is an upgrade. Not when the
        older version had the trouble (a later release fixed it), nor for a quantity ("after
        2.5 hours") or a job's size ("from 4 to 8 GPUs")."""
        for sentence in (
            "I got the similar oom issues (34B llama on 2*A6000) which happened in sha-74b0231 "
            "but works in sha-eade737.",
            "works fine on 0.5.3 but crashes on 0.6.0",
            "the issue appeared in v2.19 and is not present in v2.18",
            "NCCL 2.18 is fine, 2.21 hangs at init",
            "training got 30% slower after we moved from torch 2.3 to 2.4",
        ):
            assert "root_cause:software-regression" in self.suggest(sentence), sentence
        assert "root_cause:firmware-or-driver-bug" in self.suggest(
            "driver 535.104 works, 550.54 breaks everything"
        )
        for sentence in (
            "crashes on 0.5.1 and works on 0.6.0",
            "the job crashes after 2.5 hours but runs fine for 1.5 hours",
            "we moved from 4 to 8 GPUs and the job hangs",
        ):
            assert "root_cause:software-regression" not in self.suggest(sentence), sentence

    def test_real_lines_and_words_of_the_hundred_and_second_to_hundred_and_ninth_rounds(self):
        """Rounds 102-109 (the corpus's tuning part): PyTorch's "No CUDA GPUs are
        available", TensorFlow's "Skipping registering GPU devices", a driver module the
        kernel would not insert, a job "stuck at a fixed step" and vLLM's stat line with
        requests running and no token made show GPUs not visible and hangs; PyTorch's
        "WeightsUnpickler error" a checkpoint that would not load; Arista's "errdisabled
        link-flap" a switch. Denials: "I don't think it is really a Pytorch issue", a
        series "No Xid, NVRM, OOM, PCIe, or Fabric errors", "hangs rather than restarting
        at the stated NCCL timeout", a first guess "Initially, I thought …" and "起初怀疑是
        tokenizer 的问题，但是…"; "different computers and networks" lost no network."""
        for line in (
            "RuntimeError: No CUDA GPUs are available",
            "2022-02-16 22:23:08.042658: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1850]"
            " Cannot dlopen some GPU libraries.\nSkipping registering GPU devices...",
            "mar 06 15:10:43 host1 gdm3[7055]: modprobe: ERROR: could not insert 'nvidia': Key "
            "was rejected by service",
            "the model runs on CPU instead of GPU",
        ):
            assert "symptom:gpu-not-visible" in self.suggest(line), line
        assert "symptom:gpu-not-visible" not in self.suggest("we do not use GPUs for the tokenizer")
        for line in (
            "the script always gets stuck at a fixed step after one hour of training",
            "INFO 05-01 10:00:00 loggers.py:123] Engine 000: Avg prompt throughput: 0.0 tokens/s, "
            "Avg generation throughput: 0.0 tokens/s, Running: 12 reqs, Waiting: 40 reqs, GPU KV "
            "cache usage: 99.0%, Prefix cache hit rate: 0.0%",
        ):
            assert "symptom:job-hang-without-error" in self.suggest(line), line
        idle = self.suggest(
            "Engine 000: Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 0.0 "
            "tokens/s, Running: 0 reqs, Waiting: 0 reqs, GPU KV cache usage: 0.0%"
        )
        assert "component:inference-server" in idle
        assert "symptom:job-hang-without-error" not in idle
        assert "symptom:checkpoint-failure" in self.suggest(
            "[rank4]:     WeightsUnpickler error: Unsupported global: GLOBAL deepspeed.runtime."
            "fp16.loss_scaler.LossScaler was not an allowed global by default."
        )
        assert "component:network-switch" in self.suggest(
            "switch#show interfaces status errdisabled\nEt23      errdisabled       link-flap"
        )
        assert "organisation:pytorch" not in self.suggest(
            "In terms of fixing this for Kaggle I don't think it is really a Pytorch issue"
        )
        assert self.suggest("I don't think it's a network issue") == {}
        listed = self.suggest("- No Xid, NVRM, OOM, PCIe, or Fabric errors are reported")
        assert not {"symptom:out-of-memory", "root_cause:missing-node-software"} & set(listed)
        assert "symptom:pcie-error" not in self.suggest("No Xid, OOM or PCIe errors in dmesg")
        assert {"symptom:job-crash", "symptom:nccl-timeout"} <= set(
            self.suggest("No Xid, the job crashed and NCCL timed out")
        )
        assert "symptom:nccl-timeout" not in self.suggest(
            "now training hangs rather than restarting at the stated NCCL timeout duration"
        )
        assert "symptom:job-crash" not in self.suggest("the job hangs instead of crashing")
        assert "symptom:job-crash" in self.suggest("the job crashed instead of hanging")
        assert "symptom:network-connectivity-loss" not in self.suggest(
            "Initially, I thought this was an issue with my personal computer or internet "
            "connection. However, I asked five friends to try downloading the same model from "
            "different computers and networks, and they all saw the same slow download speed."
        )
        assert "component:tokenizer-or-chat-template" not in self.suggest(
            "chatglm2 在推理时候，gpu 利用率不是很高。起初怀疑是 tokenizer 的问题，但是发现decode和"
            "encode 是在两个进程中完成的"
        )

    def test_more_real_lines_of_the_hundred_and_second_to_hundred_and_ninth_rounds(self):
        """More of rounds 102-109 (tuning part): the driver's "NVRM: installed in this system
        is not supported by the" is a version mismatch; aws-c-s3's AWS_ERROR_S3_SLOW_DOWN
        throttling; SONiC's "Rx power low alarm flag on lane 1: True" an optic; ATen's
        device-side "block: […], thread: […] Assertion" a CUDA error; gpud's "fabric manager
        found but not active" missing node software; "hangs with … (driver 570.172.08 …) but
        works on driver 550.163.01" a driver bug; "Similarly on an 8xA100 instance, it
        works as well" keeps the A100 out of the failing setting."""
        expected = {
            "[   38.136321] NVRM: The NVIDIA GPU 0000:01:00.0 (PCI ID: 10de:2330)\n[   38.136321] "
            "NVRM: installed in this system is not supported by the\n[   38.136321] NVRM: NVIDIA "
            "550.90.07 driver release.": "root_cause:version-mismatch",
            "I'm observing AWS_ERROR_S3_SLOW_DOWN throttling errors and system calls such as "
            "open failing.": "symptom:requests-throttled",
            "        Rx power low alarm flag on lane 1: True\n        Rx power low alarm flag on "
            "lane 2: True": "component:optical-transceiver",
            "../aten/src/ATen/native/cuda/Loss.cu:240: nll_loss_forward_reduce_cuda_kernel_2d: "
            "block: [0,0,0], thread: [17,0,0] Assertion `t >= 0 && t < n_classes` failed.": (
                "symptom:cuda-error"
            ),
            '"reason": "NVIDIA-H100-80GB-HBM3 checked fabric state; fabric manager found but '
            'not active",': "root_cause:missing-node-software",
            "[Issue]: NCCL all_reduce_perf hangs with A100 SXM4 on AMD CPUs (driver 570.172.08 + "
            "CUDA 12.8) but works on driver 550.163.01": "root_cause:firmware-or-driver-bug",
        }
        for text, value in expected.items():
            assert value in self.suggest(text), text
        assert "component:optical-transceiver" not in self.suggest(
            "        Rx power low alarm flag on lane 5: False"
        )
        setting = self.suggest(
            "On a 4xH100 SXM5 instance from Lambda, everything runs fine. Similarly on an 8xA100 "
            "instance, it works as well. However, solely on the 8xH100 instances, training fails "
            "in the child processes"
        )
        assert "accelerator:h100" in setting
        assert "accelerator:a100" not in setting
        assert "root_cause:software-regression" not in self.suggest(
            "it crashes with 8 GPUs at batch 1.5 but works fine on 2.1.0"
        )

    def test_a_third_look_at_the_hundred_and_second_to_hundred_and_ninth_rounds(self):
        """Rounds 102-109 again: "an NCCL communication timeout was reported" is an NCCL
        timeout (a rule: its aliases are at their budget); an epoch "taking 4 hours" that
        "used to take about 4 minutes" a training throughput drop (not a download that
        did); "You have reached a usage limit with Groq" throttling; a "memory leak"
        exposes no data."""
        assert "symptom:nccl-timeout" in self.suggest(
            "During a certain step in the training process, an NCCL communication timeout was "
            "reported, but there was no error message related to any single GPU."
        )
        assert "symptom:nccl-timeout" not in self.suggest(
            "no NCCL communication timeout this time, the job crashed on OOM"
        )
        for sentence in (
            "my models just running resnet50 on an image set is taking 4 hours an epoch. It used "
            "to take about 4 minutes.",
            "each step now takes 9 s, it used to take 3 s",
        ):
            assert "symptom:training-throughput-drop" in self.suggest(sentence), sentence
        for sentence in (
            "the download takes 40 minutes, it used to take 4 minutes",
            "each step takes 3 s, it used to take 2.9 s",
        ):
            assert "symptom:training-throughput-drop" not in self.suggest(sentence), sentence
        assert "symptom:requests-throttled" in self.suggest(
            "You have reached a usage limit with Groq, you will need to wait `1m47.5854s` "
            "before retrying."
        )
        assert "symptom:data-exposure" not in self.suggest(
            "I looked at `top` when hanging happens, and the memory seems fine. Are we sure this "
            "is due to memory leak?"
        )

    def test_the_review_of_rounds_one_hundred_and_two_to_nine_narrowed_their_readings(self):
        """Found by a reviewer breaking this pass's rules: settings, addresses, times, models
        and two products' numbers are no versions; a question only supposes a version
        works; a driver named for another product's line is not the troubled one; a move
        of a setting is a configuration change; "No luck, OOM or …", "No issue on A100, ECC
        or …", "Without NVLink, NCCL or MPI …" deny nothing; after "Instead of a speedup
        we" a clause starts; "not just a NCCL issue" keeps NCCL; "the run instead
        crashed" crashed; GPUs not visible are no choice ("doesn't use CUDA graphs", "by
        design") nor nvidia_peermem; vLLM's long prefill and a stuck step that went on are
        no hangs; a fix set before "it works" keeps what it fixed."""
        for sentence in (
            "vLLM crashes with --gpu-memory-utilization 0.95 but works with 0.85",
            "the job crashes with dropout 0.3 but works fine with 0.1",
            "ping works on 192.168.1.10 but fails on 192.168.1.11",
            "the job crashed at 14.30 but ran fine at 13.45 on the same node",
            "vllm 0.6.3 crashes on startup, sglang 0.3.0 works fine on the same box",
            "torch 2.5 works fine, but NCCL 2.18 hangs at init",
            "works with Llama 3.1 but crashes with Llama 3.2 vision",
            "does it work on 0.5.3? it crashes on 0.6.0",
            "after switching from temperature 0.7 to 1.0 outputs became gibberish",
        ):
            assert "root_cause:software-regression" not in self.suggest(sentence), sentence
        assert "root_cause:software-regression" in self.suggest(
            "vLLM 0.6.3 crashes on our nodes (driver 550.54) but vLLM 0.5.4 works fine"
        )
        assert "root_cause:software-regression" in self.suggest(
            "we've moved from torch 2.3 to 2.4 and the step time doubled"
        )
        assert {"symptom:out-of-memory", "symptom:nccl-timeout"} <= set(
            self.suggest("No luck, OOM or NCCL timeout every time we scale past 64 GPUs")
        )
        assert {"symptom:ecc-error", "symptom:nvlink-error"} <= set(
            self.suggest("No issue on A100, ECC or NVLink errors only on the H100 partition")
        )
        assert "component:nccl" in self.suggest(
            "Without NVLink, NCCL or MPI has to go through PCIe and allreduce is slow"
        )
        assert "symptom:out-of-memory" in self.suggest(
            "Instead of a speedup we got OOM errors on every rank"
        )
        assert "component:nccl" in self.suggest(
            "I don't think it is just a NCCL issue, the switch is also dropping packets"
        )
        assert "symptom:job-crash" in self.suggest("the training run instead crashed with an OOM")
        for sentence in (
            "vLLM doesn't use CUDA graphs when --enforce-eager is set and throughput dropped",
            "The tokenizer runs on CPU instead of GPU by design, so that is expected",
            "modprobe: ERROR: could not insert 'nvidia_peermem': Invalid argument",
        ):
            assert "symptom:gpu-not-visible" not in self.suggest(sentence), sentence
        assert "symptom:job-hang-without-error" not in self.suggest(
            "Avg prompt throughput: 15234.7 tokens/s, Avg generation throughput: 0.0 tokens/s, "
            "Running: 64 reqs, Swapped: 0 reqs, Pending: 12 reqs"
        )
        assert {"component:power-supply", "symptom:node-failure"} <= set(
            self.suggest("Node 7 kept rebooting. With the failing PSU replaced, it works again.")
        )
        assert "contributing_factor:overlapping-issues" not in self.suggest(
            "I don't think these are network issues"
        )
        assert "component:nccl" not in self.suggest(
            "My first guess was a NCCL bug, but it was a bad cable"
        )

    def test_a_blind_set_of_short_sentences_and_lines_of_2026_12_07(self):
        """A blind set of 60 short sentences and log lines, written by a helper who saw only
        the values' names (arrival 130 of 150 values, 2 forbidden chips): a trouble
        qualified after its denial is denied ("no HW thermal slowdown", "no new Xid
        errors"); a terse clause joined to the next is well up to the join ("inlet temps
        normal and …"); a job with words between it and its death died, not one whose
        clause ends first; DNS lookups that fail; a port that keeps dropping flaps; a word
        of direction before a version's numbers says where a rate went; versions before
        "upgrade" are an upgrade."""
        got = self.suggest(
            "ruled out thermals, inlet temps normal and no HW thermal slowdown; the H100 box "
            "is power-braking because one of its PSUs died"
        )
        assert "root_cause:gpu-overheating" not in got
        assert "component:cooling-system" not in got
        assert "component:power-supply" in got
        assert "symptom:xid-error" not in self.suggest("no new Xid errors, yet the job hangs")
        assert "symptom:job-crash" in self.suggest(
            "training job on 512 H100s keeps dying every few hrs with NCCL timeouts"
        )
        assert "symptom:job-crash" not in self.suggest("the jobs were slow and nothing crashed")
        assert "symptom:dns-resolution-failure" in self.suggest(
            "dns lookups failing intermittantly inside pods, coredns logs full of i/o timeouts"
        )
        assert "symptom:network-link-flapping" in self.suggest(
            "switch and cables checked out fine, the fault followed the HCA, port keeps dropping"
        )
        assert "symptom:network-link-flapping" not in self.suggest(
            "the port does not keep dropping"
        )
        got = self.suggest("tokens/s down 35% after the vllm 0.5 -> 0.6 upgrade")
        assert {"symptom:inference-throughput-drop", "root_cause:software-regression"} <= set(got)
        assert "symptom:elevated-error-rate" in self.suggest("error rate went 0.2% -> 6%")

    def test_a_greeting_a_plea_and_capitals_do_not_hide_what_happened(self):
        """The shared paraphrase set with "any ideas?" after each sentence found 38 of its
        45 values, typed in capitals 23 (44 as typed): a plea or a greeting tells nothing
        of what happened, and a clause in capitals is read in lower case by meaning."""
        assert "symptom:elevated-error-rate" in self.suggest(
            "half of the responses came back as server errors any ideas?"
        )
        assert "symptom:gpu-fell-off-the-bus" in self.suggest(
            "the GPU vanished from nvidia-smi until we power cycled the server, thoughts?"
        )
        assert "symptom:node-failure" in self.suggest(
            "THE NODE REBOOTED BY ITSELF AND NEVER CAME BACK"
        )
        assert "root_cause:dependency-failure" in self.suggest(
            "THE RANKING SERVICE FAILED BECAUSE THE FEATURE STORE IT CALLS WAS DOWN"
        )
        # A report's frame and an opening hedge: with each, the set found 36 to 42.
        for framed in (
            "half of the responses came back as server errors in prod again",
            "[sev2] half of the responses came back as server errors",
            "we are seeing this: half of the responses came back as server errors",
            "it seems half of the responses came back as server errors",
            "how do we debug this? half of the responses came back as server errors",
            "on our cluster half of the responses came back as server errors",
        ):
            assert "symptom:elevated-error-rate" in self.suggest(framed), framed
        # A doubt stays a doubt after a label ("FYI: is this …?" read the corruption).
        assert "symptom:silent-data-corruption" not in self.suggest(
            "FYI: is this silent data corruption? grad norm normal, loss normal, but evals "
            "are garbage. turned out the state dict code saved the shards in the wrong order"
        )

    def test_slips_in_everyday_words_are_read_as_the_words_meant(self):
        """With a slip in about one word in three of six letters or more, the shared
        paraphrase set found 36 of its 45 values (44 typed cleanly): the speller read slips
        only as words of the vocabulary's names and aliases, and the meaning layer reads
        everyday words. A lower-case slip one slip from no such word is read as the
        commonest English word one slip away (pyspellchecker's list, search/english.py);
        not an English word ("noting"), nor an engineer's word one slip from a rare one
        ("cgroup", "wandb", "retcode"), nor a capitalised name."""
        assert "symptom:out-of-memory" in self.suggest(
            "the proecss was killled because the host ran out of RAM"
        )
        assert "symptom:dns-resolution-failure" in self.suggest(
            "pods could not rsolve the names of other services"
        )
        assert "symptom:elevated-error-rate" in self.suggest(
            "half of the responses came back as servver errors"
        )
        from incidents.index import get_index
        from search.vocabulary import get_vocabulary

        speller = get_vocabulary(get_index().versions[0]).speller
        assert speller.meant("answeirng", everyday=True) == "answering"
        assert speller.meant("answeirng") is None  # typed with a capital: a name, perhaps
        for word in ("noting", "cgroup", "wandb", "retcode", "perftest", "busbw", "maint"):
            assert speller.meant(word, everyday=True) is None, word
        assert speller.correct("Answeirng slowly! Then Answeirng, answeirng")[0] == (
            "Answering slowly! Then Answeirng, answering"
        )
        # (a letter doubled as English never does is no inflection: "killled" was taken
        # for "kill" + "led" and never read as a slip)
        assert speller.meant("servver", everyday=True) == "server"
        # A chat channel's shorthands: "w/o" denies, "perf" and "cfg" are the words meant.
        assert "symptom:xid-error" not in self.suggest("w/o any xid the job hung")
        assert "root_cause:configuration-change" in self.suggest(
            "perf dropped 30% after the cfg change"
        )
        assert speller.is_known("dropped") and speller.is_known("controlled")


def test_the_english_word_list_holds_words_and_their_counts():
    """search/english.py keeps pyspellchecker's English list as CRC-32 keys and counts."""
    from search.english import get_english_words

    english = get_english_words()
    assert len(english) > 100_000
    assert "process" in english and "proecss" not in english
    server, serve, nothing = english.counts(["server", "serve", "qzxqzx"]).tolist()
    assert serve > server > 1000 and nothing == 0


@sqlite_run_only("the real library's readings; the same on either database")
class ReadingTheReviewOfTheThirtySecondSessionTests(ReadingLinesTestCase):
    """What a reviewer broke in the thirty-second session's readings, mended."""

    def test_the_rules_fire_only_where_they_were_meant(self):
        """A word of direction counts before "A -> B" only with its own amount ("up to 64",
        "turned down the batch size" are none); a DNS timeout setting is no failing DNS; a
        port that keeps dropping packets is no flapping link; a job crash does not reach
        across "that"; "grad norm 1.25 -> 9.87 update 1200" upgrades nothing."""
        assert "symptom:training-throughput-drop" in self.suggest(
            "throughput with batch sizes up to 64 went from 400 to 250 tokens/s"
        )
        assert "symptom:training-throughput-drop" not in self.suggest(
            "throughput after we turned down the batch size 400 -> 600 tokens/s"
        )
        got = self.suggest("the dns query timeout was tuned to 2s")
        assert "symptom:dns-resolution-failure" not in got
        assert "contributing_factor:mistuned-timeouts" in got
        assert "symptom:network-link-flapping" not in self.suggest(
            "the port keeps dropping packets"
        )
        assert "symptom:network-link-flapping" in self.suggest(
            "the port keeps dropping since the cable swap"
        )
        assert "symptom:job-crash" not in self.suggest("job logs show that sshd died")
        for sentence in ("runs 3 and 4 crashed", "the job nobody watched crashed"):
            assert "symptom:job-crash" in self.suggest(sentence), sentence
        assert "root_cause:software-regression" not in self.suggest(
            "grad norm 1.25 -> 9.87 update 1200 then the loss diverged"
        )

    def test_the_speller_leaves_contractions_and_engineers_words_alone(self):
        """ "needn't" was read as "needs" and lost its denial; a changed letter read
        "thanos" as "thanks", "stdin" as "stain", "seting" as "seeing"; a non-word sharing
        a listed word's CRC-32 was taken for it; the search back for each word's sentence
        start was quadratic (27 s for 6,000 characters of line breaks and words)."""
        import time

        from incidents.index import get_index
        from search.vocabulary import get_vocabulary

        speller = get_vocabulary(get_index().versions[0]).speller
        assert speller.correct("the gpus needn't be overheating")[1] == []
        for word in ("thanos", "stdin", "readv", "uvicorn", "emphasise", "lossy", "datcset"):
            assert speller.meant(word, everyday=True) is None, word
        assert speller.meant("seting", everyday=True) == "setting"
        assert speller.meant("restared", everyday=True) is None  # restarted or restored
        started = time.perf_counter()
        speller.correct("\n" * 3000 + "word " * 600)
        assert time.perf_counter() - started < 1.0


class ReadingTheThirtyThirdSessionTests(ReadingLinesTestCase):
    """Readings added in the thirty-third session (2026-12-07)."""

    def test_a_bug_in_a_kernel_module_and_a_typo_in_a_settings_file_pushed(self):
        """The shared paraphrase set's "a bug in the kernel module after we upgraded the
        CUDA driver" and "a typo in a YAML file pushed straight to production" were read
        by meaning alone, at the edge of its threshold (a larger set of phrasings for every
        value lost both): a bug said to be in a driver, kernel module or firmware is a
        firmware or driver bug; a slip in a settings file that went out is a change of
        configuration, by rule."""
        driver = "root_cause:firmware-or-driver-bug"
        assert driver in self.suggest(
            "a bug in the kernel module after we upgraded the CUDA driver"
        )
        assert driver in self.suggest("turned out to be a bug in the NIC firmware")
        assert driver not in self.suggest("a bug in our training script")
        change = "root_cause:configuration-change"
        assert change in self.suggest("a typo in a YAML file pushed straight to production")
        assert change in self.suggest("a bad value in the helm values got deployed to every region")
        assert change not in self.suggest("a typo in the yaml caught in code review")
        # (what a review found the first version read: software drivers, a firmware
        # update tool, a settings typo that stayed back, files that hold no settings)
        for sentence in (
            "a bug in the MongoDB driver dropped connections",
            "a bug in the Selenium driver broke our UI tests",
            "a bug in the firmware update tool left the inventory wrong",
        ):
            assert driver not in self.suggest(sentence), sentence
        for sentence in (
            "a typo in the config file was not pushed to production",
            "a typo in the json output shipped to customers",
            "a mistake in our docs about config got merged",
            "the model made a mistake in the json it applied to the tool call",
        ):
            assert change not in self.suggest(sentence), sentence

    def test_readings_the_phrase_bank_moved_are_held_by_rule(self):
        """With twenty everyday phrasings a value from the phrase bank
        (tests/data/phrase-bank/), the meaning layer moved readings the suite holds; each is
        now read by a rule or a subject that does not lean on the classifier's shares."""
        assert "symptom:degraded-output-quality" in self.suggest(
            "the llm keeps repeating itself after 2k tokens"
        )
        assert "symptom:degraded-output-quality" not in self.suggest(
            "we ran the same test over and over"
        )
        assert "symptom:node-failure" in self.suggest("host gpu-a12 keeps crashing")
        assert "root_cause:firmware-or-driver-bug" in self.suggest(
            "the only change was the driver version bump"
        )
        assert "root_cause:software-regression" not in self.suggest(
            "nothing else changed except the batch size"
        )
        assert "symptom:jobs-stuck-pending" in self.suggest("new pods cannot be scheduled")
        assert "symptom:gpu-not-visible" not in self.suggest(
            "can't find my card in the supported GPU list"
        )
        assert "symptom:gpu-not-visible" in self.suggest(
            "nvidia-smi can't find my GPU after the reboot"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "power cap at 400W, clocks throttle, temps 85C"
        )
        assert "contributing_factor:heat-wave" in self.suggest(
            "outside temp hit 104F and the CRACs tripped"
        )
        assert "symptom:low-gpu-utilisation" in self.suggest("GPUs sit idle waiting for data")

    def test_subjects_take_the_words_postmortems_and_chat_use(self):
        """The phrase bank's tuning set (tests/data/phrase-bank/2026-12-07-tuning.tsv)
        found values the classifier read first but whose subject words missed how
        postmortems and chat put it: "hotter", "feeds", "probes", "fifth time" (+23 of its
        1,272 postmortem sentences, none of the other sets moved)."""
        assert "root_cause:gpu-overheating" in self.suggest(
            "the accelerators at the top of the rack ran hotter than the rest after the intake "
            "got blocked"
        )
        assert "root_cause:power-loss" in self.suggest(
            "the facility lost both feeds and every rack went down"
        )
        assert "component:health-check" in self.suggest(
            "liveness probes ran on the inference thread, so busy replicas were judged dead"
        )
        # (a driver's probe of a device is no health check)
        assert "component:health-check" not in self.suggest(
            "mlx5_core 0000:01:00.0: probe of 0000:01:00.0 failed with error -22"
        )

    def test_the_review_of_the_phrase_bank_rules(self):
        """A reviewer broke the rules that came with the phrase bank: a pod that fails once
        started is not pending; what runs on a numbered node is not the node; a logger or
        dmesg repeating a line is no model output; a power cap beside degrees still heats;
        a dataset version is no software; an allocation is no memory; an outage that
        "repeated itself" is no repeating model; a 500-character name token took 2.7 s."""
        import time

        for sentence in (
            "new pods can't start: CrashLoopBackOff on the model server",
            "new pods couldn't start because the image pull failed, ImagePullBackOff",
            "new replicas failed to come up because the model took 20 minutes to load",
        ):
            assert "symptom:jobs-stuck-pending" not in self.suggest(sentence), sentence
        for sentence in (
            "the pod on node 7 keeps crashing with CUDA OOM",
            "the kubelet on node 4 keeps crashing",
            "server 8080 keeps resetting connections",
        ):
            assert "symptom:node-failure" not in self.suggest(sentence), sentence
        for sentence in (
            "the logger prints the same line over and over, disk filled up",
            "dmesg keeps printing the same line over and over: NVRM Xid 79",
            "the same outage happened again last night, it repeated itself at 2am",
        ):
            assert "symptom:degraded-output-quality" not in self.suggest(sentence), sentence
        assert "symptom:degraded-output-quality" in self.suggest(
            "the model keeps repeating the same token over and over"
        )
        assert "root_cause:gpu-overheating" in self.suggest(
            "we raised the power limit to 700W and now GPUs throttle at 95 degrees"
        )
        assert "root_cause:software-regression" not in self.suggest(
            "nothing changed except the dataset version, and loss spiked"
        )
        assert "root_cause:software-regression" in self.suggest(
            "the only thing we changed was the NCCL version"
        )
        assert "symptom:out-of-memory" not in self.suggest(
            "the allocation for the new project was 64 GPUs but they only got 32"
        )
        assert "root_cause:undisclosed-intrusion" not in self.suggest(
            "it keeps saying the same thing over and over"
        )
        started = time.perf_counter()
        self.suggest("node " + "a1-" * 160 + " keeps rebooting")
        assert time.perf_counter() - started < 1.0

    def test_accelerator_words_and_more_subject_words_from_the_tuning_set(self):
        """The phrase bank's tuning set: a text that names an accelerator only by its Xid
        codes, NVML or stacked memory was read as naming none, so values named for one were
        dropped; subjects missed "pinned buffers they never release", "the bridge
        connector between card 0 and 1", "the manifold is dripping", "admin scope, way
        broader than it needs"."""
        assert "root_cause:gpu-overheating" in self.suggest(
            "temp-related xids all afternoon, inlet is reading 35c"
        )
        # (a gauge "reading 35c" is no store read from: the storage failure needs its words)
        assert "root_cause:storage-system-failure" not in self.suggest(
            "temp-related xids all afternoon, inlet is reading 35c"
        )
        assert "root_cause:memory-leak" in self.suggest(
            "the dataloader workers keep allocating pinned buffers they never release"
        )
        assert "root_cause:nvlink-fault" in self.suggest(
            "the bridge connector between card 0 and 1 is loose, links drop"
        )
        assert "component:cooling-system" in self.suggest(
            "quick disconnect on the manifold is dripping, rack 18 powered down"
        )
        assert "root_cause:insecure-configuration" in self.suggest(
            "the ci token has org-wide admin scope, way broader than it needs"
        )

    def test_a_denied_word_of_an_absence_alias_does_not_deny_the_value(self):
        """ "nothing free" denies the word "free", which the alias "no free GPUs" of
        *Capacity exhaustion* uses: the meaning layer dropped the value the sentence
        states (the phrase bank's tuning set). An alias that itself names an absence lends
        no words to a denial."""
        assert "root_cause:capacity-exhaustion" in self.suggest(
            "all 64 nodes in the partition are allocated, nothing free, my job's been queued "
            "6 hours"
        )
        assert "root_cause:capacity-exhaustion" not in self.suggest(
            "not a capacity problem, plenty of free nodes, the job just crashes"
        )

    def test_a_job_pending_for_a_while_in_shorthand(self):
        """ "job pending for 6 hrs, no free h100s" lost its pending chip with the phrase
        bank (a review); a job that ran for hours is no pending one."""
        assert "symptom:jobs-stuck-pending" in self.suggest("job pending for 6 hrs, no free h100s")
        assert "symptom:jobs-stuck-pending" in self.suggest(
            "pods pending for hours after the upgrade"
        )
        assert "symptom:jobs-stuck-pending" not in self.suggest("the job ran for 6 hours")

    def test_a_run_that_keeps_falling_over_crashed(self):
        """ "our big training run keeps falling over and nobody knows why" got Too few spare
        nodes by meaning and no crash (a new user's tryout)."""
        found = self.suggest("our big training run keeps falling over and nobody knows why")
        assert "symptom:job-crash" in found
        assert "symptom:job-crash" not in self.suggest("the job did not fall over this time")


class ReadingTheThirtyFourthSessionTests(ReadingLinesTestCase):
    """Readings added in the thirty-fourth session (2026-12-07)."""

    def test_a_signal_that_said_well_while_something_was_wrong(self):
        """A belief or a state kept against the trouble, "reporting" a figure, and a GPU
        at 100% in a sentence of a hang are misleading signals (real words from the
        corpus's tuning part); a state after a crash that is only what it is, and 100% in
        a sentence with no trouble, are not."""
        misleading = "contributing_factor:misleading-signals"
        for sentence in (
            "GPU is not usable due to Uncorrectable ECC Error but k8s-device-plugin seems "
            "to think its healthy.",
            "A node had its mlx5 NIC driver wedged for ~5 days while remaining `Ready` in "
            "Kubernetes.",
            "And then it stuck here with gpu util 100% and didn't log out anything.",
            "training hung for 3h while the node stayed Ready",
            "the card reporting 100 % utilisation throughout, yet no step finished",
        ):
            assert misleading in self.suggest(sentence), sentence
        for sentence in (
            "the job crashed but the node is still ready for more work",
            "gpu util 100% during training, works great",
            "the pods remain ready",
        ):
            assert misleading not in self.suggest(sentence), sentence

    def test_a_regression_is_a_software_regression(self):
        """What engineers call a regression is the root cause *Software regression* ("found
        the same perf regression", "the regression persists"); a statistician's
        regression, a suite of regression tests and a denied one are not."""
        regression = "root_cause:software-regression"
        for sentence in (
            "I tested on 2 different machines and found the same perf regression.",
            "The regression persists even with PyTorch cu130 aligned with CUDA 13.0.",
            "this is a regression in vllm 0.6",
            "throughput regressed after the upgrade",
        ):
            assert regression in self.suggest(sentence), sentence
        for sentence in (
            "ran the regression tests, all green",
            "the linear regression on step time predicts a slowdown",
            "not a regression, we never changed anything",
            "fit a regression with sklearn to the latency numbers",
        ):
            assert regression not in self.suggest(sentence), sentence

    def test_a_slip_in_a_four_letter_acronym(self):
        """ "ncll timout" was read as nothing (a new user's tryout): the slip is a listed
        shorthand; real tool names one slip from an acronym are not read as it (a first
        version guessed, and read "mkfs" as GPFS's "mmfs", "nvmf" as NVML: a reviewer's)."""
        assert "symptom:nccl-timeout" in self.suggest("ncll timout")
        assert "symptom:nccl-timeout" in self.suggest("NCLL timeout on rank 3")
        assert "component:nccl" not in self.suggest("the cell died")
        assert "component:shared-file-system" not in self.suggest("mkfs failed on the new drive")
        assert "symptom:gpu-not-visible" not in self.suggest("nvmf target dropped off")

    def test_a_pod_that_does_nothing_but_restart(self):
        """ "not an OOM, the pod just restarts" read nothing (a new user's tryout): a pod or
        container that just, constantly or over and over restarts is a crash loop; one
        restart after a change, or a restart someone did, is not."""
        loop = "symptom:crash-loop"
        assert loop in self.suggest("not an OOM, the pod just restarts")
        assert loop in self.suggest("the container restarts over and over")
        assert loop not in self.suggest("the pod just restarts once after the config change")
        assert loop not in self.suggest("we restarted the pods")

    def test_a_service_relied_on_that_failed_is_a_dependency_failure(self):
        """An upstream or third-party service that failed or slowed, what backs a part
        going away, or what a part depends on being unavailable is the root cause
        *Dependency failure* (the shared denial set's words); a dependency said to be fine,
        or a database's own trouble, is not."""
        dependency = "root_cause:dependency-failure"
        for sentence in (
            "latency regressed but nothing changed on our side. the upstream embedding API "
            "p99 went 80ms -> 1.2s",
            "the API gateway just fell over when the redis that backs session auth went away",
            "our training depends on the S3 bucket which was unavailable for 2h",
            "third-party payment provider outage took checkout down",
        ):
            assert dependency in self.suggest(sentence), sentence
        for sentence in (
            "the upstream API is fine",
            "the database fell over after the index rebuild",
        ):
            assert dependency not in self.suggest(sentence), sentence

    def test_someones_command_across_a_whole_rack_is_an_operator_error(self):
        """ "someone ran `nvidia-smi -pl 300` on the whole rack" (the shared denial set) read
        no operator error: someone's command run across a whole rack, cluster or every
        node is one; our own check run on all nodes is not."""
        error = "root_cause:operator-error"
        assert error in self.suggest(
            "throttling is the power cap: someone ran `nvidia-smi -pl 300` on the whole rack"
        )
        assert error in self.suggest("somebody applied the new sysctl to every node in prod")
        assert error not in self.suggest("we ran nccl-tests on all nodes and they pass")

    def test_a_link_that_keeps_going_down_where_it_runs(self):
        """ "the ethernet links between racks kept going down and coming back" (the shared
        paraphrase set) was a link flap by meaning alone, at the edge of its threshold, and
        "the uplinks to the core kept going down and up" was none: a link said to keep
        going down is one however it is placed ("between racks", "to the core"); one that
        keeps dropping packets is not."""
        flap = "symptom:network-link-flapping"
        assert flap in self.suggest(
            "the ethernet links between racks kept going down and coming back"
        )
        assert flap in self.suggest("the uplinks to the core kept going down and up")
        assert flap not in self.suggest("the links on node 7 kept dropping packets")

    def test_what_a_review_found_the_new_rules_read_wrongly(self):
        """A reviewer's sentences the first versions of this session's rules misread: a
        check run on every node, restarts said to be expected or scheduled, a dependency
        denied or a failure that is not the dependency's, a statistician's or a tested-for
        regression, and 100% utilisation beside a denied hang."""
        wrong = {
            "someone ran nccl-tests on all the nodes and they passed": "root_cause:operator-error",
            "the pod only restarts during rollouts": "symptom:crash-loop",
            "the container just restarts at midnight via cronjob": "symptom:crash-loop",
            "pods just restart, as expected, during the node drain": "symptom:crash-loop",
            "the service that handles auth was never degraded": "root_cause:dependency-failure",
            "the trainer depends on a shared filesystem and the job failed with OOM": (
                "root_cause:dependency-failure"
            ),
            "we fit a regression to latency vs batch size": "root_cause:software-regression",
            "we tested for regressions before rollout": "root_cause:software-regression",
            "the loss regression went away": "root_cause:software-regression",
            "no crash or hang: GPU utilization stayed at 100% as it should": (
                "contributing_factor:misleading-signals"
            ),
        }
        for sentence, value in wrong.items():
            assert value not in self.suggest(sentence), sentence

    def test_a_component_named_as_logs_and_tools_write_it(self):
        """Real lines name a component through a product, daemon, flag or CLI no alias
        held (tests/data/aliases/): an SGLang flag is the inference server, SONiC's PFC
        watchdog a switch, PBS's qstat the scheduler, vLLM's EngineCore its server."""
        cases = {
            "I set --mem-fraction-static to 0.85 and get a CUDA out of memory error": (
                "component:inference-server"
            ),
            "pfcwd stats show storms on Ethernet48 of our SONiC leaf": "component:network-switch",
            "PBS Pro queue is stuck, qstat shows everything Q": "component:job-scheduler",
            "the EngineCore thread is alive but no tokens come out": "component:inference-server",
        }
        for sentence, value in cases.items():
            assert value in self.suggest(sentence), sentence

    def test_a_network_router_and_a_gpu_kernel_are_no_request_router_or_host_os(self):
        """With more names of components the classifier read "the core router dropped BGP
        sessions" as the request router and "a user's buggy kernel" as the host's operating
        system: words of a network's router, and a kernel someone wrote, rule them out."""
        assert "component:request-router" not in self.suggest(
            "the core router dropped BGP sessions to two GPU pods"
        )
        assert "component:host-operating-system" not in self.suggest(
            "the Xid 13s are from a user's buggy kernel (graphics engine exception)"
        )
        assert "component:host-operating-system" in self.suggest(
            "the host kernel panicked after the update"
        )

    def test_names_of_components_that_are_everyday_words_elsewhere(self):
        """A reviewer found new names that everyday words share: a headlamp in the cage,
        a city's name for AMD's Genoa CPUs, PBS the broadcaster, TRL a readiness level.
        Those are left out; the scheduler is still read from "PBS Pro"."""
        assert "component:ml-platform-dashboard" not in self.suggest(
            "the cage lights were out so I used a headlamp, found the PSU unplugged"
        )
        assert "component:host-cpu-and-memory" not in self.suggest(
            "the GPU nodes in the Genoa region lost power"
        )
        assert "component:job-scheduler" not in self.suggest(
            "PBS documentary tonight, anyway the job hung"
        )
        assert "component:training-framework" not in self.suggest(
            "TRL 6 prototype of the new rack failed acceptance"
        )
        assert "component:job-scheduler" in self.suggest("PBS Pro queue is stuck")


class ReadingTheThirtyFifthSessionTests(ReadingLinesTestCase):
    """Readings added in the thirty-fifth session (2026-12-08): the meaning layer's word
    model (search/lexical.py) and what it first read wrongly."""

    def test_the_word_that_decides_is_read(self):
        """The embeddings' mean blurs the one word that decides; the word model reads it:
        a card the crashes followed, malicious traffic, a backend the workers cannot
        reach (sentences written for this test in the style of the phrase bank)."""
        for sentence, value in (
            (
                "the same card crashed jobs for three different teams, we moved the work "
                "and the crashes followed the card",
                "root_cause:faulty-gpu",
            ),
            (
                "malicious traffic from thousands of sources swamped the login endpoint for "
                "three hours",
                "root_cause:denial-of-service-attack",
            ),
            (
                "the queue backend is unreachable so workers can't pull jobs and the api times out",
                "root_cause:dependency-failure",
            ),
        ):
            assert value in self.suggest(sentence), sentence

    def test_what_the_word_model_first_read_wrongly(self):
        """Readings the word model made before its gates: a contrast ("rather than a cable
        issue") denies like "not"; a node back in service and tests that passed are well;
        a test someone ran is no operator's error; a job's bad luck three times a week
        names no node that keeps failing; what runs on a node crashing is not the node;
        spares someone had are not too few; mlx5's event for a cable put in is no
        transceiver."""
        suggest = self.suggest
        assert "root_cause:network-link-or-cable-fault" not in suggest(
            "rather than a cable issue, the switch firmware upgrade caused a PFC storm on "
            "the RoCE fabric"
        )
        assert "contributing_factor:repeat-offender-nodes" not in suggest(
            "we drained the node for maintenance and it is back in service"
        )
        assert "root_cause:operator-error" not in suggest(
            "someone ran nccl-tests on all the nodes and they passed"
        )
        assert "root_cause:operator-error" in suggest(
            "someone ran a drain script across the whole rack by mistake"
        )
        assert "contributing_factor:repeat-offender-nodes" not in suggest(
            "the scheduler preempted our job for a reservation, third time this week"
        )
        assert "contributing_factor:repeat-offender-nodes" in suggest(
            "gpu-a117 dropped a gpu off the bus again, third time this month"
        )
        assert "symptom:node-failure" not in suggest("the kubelet on node 4 keeps crashing")
        assert "symptom:node-failure" in suggest("node 4 keeps crashing")
        assert "contributing_factor:too-few-spare-nodes" not in suggest(
            "we had 8 spare nodes so swapping was never the bottleneck; what made it a 3 day "
            "outage was nobody could tell which of 1024 ranks was the slow one"
        )
        assert "contributing_factor:too-few-spare-nodes" in suggest(
            "we had no spare nodes left so the job waited"
        )
        assert "component:optical-transceiver" not in suggest(
            "mlx5_core 0000:3b:00.0: Port module event: module 1, Cable plugged"
        )

    def test_a_clause_that_fails_a_check_gives_way_to_the_next(self):
        """ "error rate went to 12% after the deploy": the whole reads like an elevated
        error rate a little more than "error rate went to 12%", but without the name's
        words only the shorter clause still does; the value is read from it."""
        read = self.suggest("error rate went to 12% after the deploy")[
            "symptom:elevated-error-rate"
        ]
        assert read["how"] == "meaning"
        assert read["matched"].startswith("error rate went to") and "deploy" not in read["matched"]

    def test_what_a_reviewer_of_the_word_model_found(self):
        """A reviewer's everyday sentences against the word model: a whole region down is a
        full outage (the word model had pushed it under the bar); logic that worked as
        intended, a model that converged as expected and a link that trained at full
        speed are well, not trouble."""
        assert "symptom:full-outage" in self.suggest("the whole region was down for two hours")
        for sentence, value in (
            ("retry logic worked as intended, no retry storm", "symptom:intermittent-failures"),
            ("the model converged to the expected perplexity", "symptom:loss-plateau-or-drift"),
            ("link training completed, speed 32GT/s width x16", "symptom:pcie-error"),
            ("the link trained at full speed", "symptom:pcie-error"),
        ):
            assert value not in self.suggest(sentence), sentence
        assert "symptom:pcie-error" in self.suggest("pcie link trained at x8 instead of x16")

    def test_healthy_states_a_reviewer_wrote_are_no_trouble(self):
        """Healthy states a reviewer of the word model wrote were read as their trouble:
        ports up, latency within the SLO, DNS resolving fine, an empty queue, nothing
        queued with GPUs to spare, load evenly balanced, a failover that worked. The
        trouble said outright is still read, and a prefetch queue that runs dry or an
        adapter that stopped passing traffic is no healthy state."""
        for sentence, value in (
            ("ports are up and passing traffic", "symptom:infiniband-link-errors"),
            ("all IB ports are Active at 400Gb/s, link is up", "symptom:infiniband-link-errors"),
            ("latency is well within SLO", "symptom:increased-latency"),
            ("DNS resolves fine from the pods", "symptom:dns-resolution-failure"),
            ("the queue is empty", "symptom:jobs-stuck-pending"),
            (
                "we have plenty of GPUs available, nothing is queued",
                "root_cause:capacity-exhaustion",
            ),
            (
                "load is evenly balanced across all spine links",
                "root_cause:network-load-imbalance",
            ),
            ("the failover worked and nobody noticed", "contributing_factor:failed-failover"),
        ):
            assert value not in self.suggest(sentence), sentence
        for sentence, value in (
            ("p99 latency went from 200ms to 4s, way outside the SLO", "symptom:increased-latency"),
            (
                "failover never kicked in and the primary stayed down",
                "contributing_factor:failed-failover",
            ),
            ("the queue is full and jobs wait for hours", "symptom:jobs-stuck-pending"),
            ("prefetch queue is empty 40% of the time on the 1k-gpu job",
             "component:training-data-loader"),
            ("the roce adapter on a12 stopped passing traffic, swapped the card and it's fine",
             "root_cause:nic-fault"),
        ):  # fmt: skip
            assert value in self.suggest(sentence), sentence

    def test_what_says_the_opposite_of_a_label_rules_it_out(self):
        """A staged rollout, an evaluation that caught the regression, a dashboard that
        correctly showed the issue, routine maintenance and a reboot for an upgrade were
        read as their labels' opposites (a reviewer of the word model); said of what went
        wrong, each is still read."""
        for sentence, value in (
            ("we staged the rollout across three regions", "contributing_factor:no-staged-rollout"),
            ("the eval suite caught the regression before release",
             "contributing_factor:evaluations-missed-the-regression"),
            ("the monitoring dashboard correctly showed the issue",
             "contributing_factor:misleading-signals"),
            ("draining node-12 for routine maintenance", "root_cause:maintenance-lapse"),
            ("rebooted the node for a kernel upgrade, planned", "symptom:node-failure"),
        ):  # fmt: skip
            assert value not in self.suggest(sentence), sentence
        for sentence, value in (
            ("we didn't stage the rollout, pushed to all regions at once",
             "contributing_factor:no-staged-rollout"),
            ("evals never caught the regression, it shipped",
             "contributing_factor:evaluations-missed-the-regression"),
            ("the node rebooted by itself during the upgrade window", "symptom:node-failure"),
        ):  # fmt: skip
            assert value in self.suggest(sentence), sentence

    def test_a_high_reading_a_recovery_and_a_time_that_came_down(self):
        """A reviewer's sentences of things going well: a cluster at 95% utilisation, a
        service that recovered fully with zero errors, a model load time down to 20 s.
        Utilisation that fell, and a load time that went up, are still read."""
        for sentence, value in (
            ("the cluster is at 95% utilisation, which is great", "symptom:low-gpu-utilisation"),
            ("the service recovered fully, zero errors for 24h", "symptom:full-outage"),
            ("model load time is down to 20 seconds", "symptom:slow-model-loading"),
        ):
            assert value not in self.suggest(sentence), sentence
        for sentence, value in (
            ("gpu util fell from 95% to 30% after the dataloader change",
             "symptom:low-gpu-utilisation"),
            ("model load time went up to 20 minutes after the switch to NFS",
             "symptom:slow-model-loading"),
        ):  # fmt: skip
            assert value in self.suggest(sentence), sentence

    def test_trouble_said_beside_the_new_healthy_words_is_still_read(self):
        """A reviewer of the healthy-state patterns wrote the trouble they must not set
        aside: links "up 10x", a link up again after flapping, no longer within the SLO, a
        name that does not resolve, a queue empty because the scheduler crashed, load not
        evenly balanced, a failover that kicked in late, no staged rollout, maintenance
        overdue, an outage that recovered, utilisation that went to 30%, no spares left."""
        for sentence, value in (
            ("symbol errors on these links were up 10x since the recable",
             "symptom:infiniband-link-errors"),
            ("link is up again after flapping 40 times", "symptom:network-link-flapping"),
            ("p99 latency is no longer within SLO", "symptom:increased-latency"),
            ("DNS doesn't resolve correctly inside the pods", "symptom:dns-resolution-failure"),
            ("the queue is empty because the scheduler crashed", "component:job-scheduler"),
            ("load is not evenly balanced across the spine", "root_cause:network-load-imbalance"),
            ("the failover kicked in 20 minutes late", "contributing_factor:failed-failover"),
            ("there was no staged rollout, we pushed to every region at once",
             "contributing_factor:no-staged-rollout"),
            ("the fans were six months overdue for routine maintenance",
             "root_cause:maintenance-lapse"),
            ("the site was down for 3 hours, recovered fully at 14:00, zero errors since",
             "symptom:full-outage"),
            ("gpu utilization went from 95% utilization to 30% util",
             "symptom:low-gpu-utilisation"),
            ("we had 0 spare nodes left", "contributing_factor:too-few-spare-nodes"),
        ):  # fmt: skip
            assert value in self.suggest(sentence), sentence

    def test_a_question_asking_why_something_happened_reads_what_happened(self):
        """ "does anyone know why the loss would spike after resuming?" asks why what the
        writer saw happened: the spike is read (a reviewer of the word model found every
        such question gave no chip). A yes/no question still only supposes."""
        assert "symptom:loss-spike" in self.suggest(
            "does anyone know why the loss would spike after resuming?"
        )
        assert "component:nvlink" not in self.suggest("could this be NVLink?")

    def test_training_that_slowed_to_a_crawl(self):
        """ "training slowed to a crawl" is a training throughput drop (a reviewer found no
        such chip), as "job crawling at 1/3 speed" was."""
        assert "symptom:training-throughput-drop" in self.suggest("training slowed to a crawl")
