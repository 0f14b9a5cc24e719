# Entry points. `make` and `make test` are the two commands a fresh machine needs (README.md).
#
#   make              main job on the default board: build, run the bench in Renode, print results
#   make test         unit tests, the firmware matrix, the robot suites when Renode is present
#   make test-all     as `make test`, plus the suites tagged slow (fuzzing, long sweeps)
#   make firmware     the firmware matrix (-Wall -Wextra -Werror) and build/fw/sizes.txt
#   make robot        the robot suites only (needs Renode)
#   make profiles     profile the firmware matrix in Renode into models/profiles/data/ (needs Renode)
#   make report       calibrate the cycle models, write reports/ (from the stored profiles, no Renode)
#   make validation   Embench IoT on the stm32f407 against its published figures, out of sample:
#                     build, profile (with Renode), write reports/validation.md
#                     then `make validation-asm`
#   make validation-asm  hand-written assembly (x25519 on a Cortex-M0+, AES-128 on the stm32f407)
#                     and CoreMark (rt1060 and samd21) against their published cycles: build, predict (with Renode), write
#                     reports/validation-asm.md
#   make lab N=<n>    teaching lab n (docs/labs/): its steps end to end, then its check
#   make sweep STUDY=<name>  one built-in what-if study (models/sweeps/<name>.yaml) into reports/
#   make studies      every built-in study, then reports/studies.md (firmware ones need Renode)
#   make whatif-bench time 1,000 hardware what-if points re-costed from the stored profiles
#   make predict ELF=<app.elf> BOARD=<board> FUNCTION=<name>  your own function's predicted cycles
#   make deps         dependencies (Debian packages, .venv, third-party sources, Renode)
#   make clean        remove build/
#
# Filters: BOARD=, LIB=, OPT= (one value each; empty means all, except that `make` runs BOARD=rt1060).

SHELL := /bin/bash
.DEFAULT_GOAL := main

ALL_BOARDS := rt1060 rt1170 samd21 stm32f407
ALL_LIBS   := mbedtls wolfcrypt
ALL_OPTS   := none high-speed
DEFAULT_BOARD := rt1060

BOARD ?=
LIB   ?=
OPT   ?=
JOBS  ?= 2

# RENODE (the user's override) is only read by tools/find-renode.sh, never redefined here.
# One clear line for a value that is not in the matrix.
check = $(if $(filter-out $(2),$(1)),$(error unknown $(3)=$(filter-out $(2),$(1)); valid: $(2)))
$(call check,$(BOARD),$(ALL_BOARDS),BOARD)
$(call check,$(LIB),$(ALL_LIBS),LIB)
$(call check,$(OPT),$(ALL_OPTS),OPT)

BOARDS    := $(or $(BOARD),$(ALL_BOARDS))
LIBRARIES := $(or $(LIB),$(ALL_LIBS))
OPTS      := $(or $(OPT),$(ALL_OPTS))

VENV        := .venv
PYTHON      := $(VENV)/bin/python
# $(shell) does not see command-line variables, so `make RENODE=...` hands its value on itself.
RENODE_BIN  := $(shell RENODE='$(RENODE)' tools/find-renode.sh)
RENODE_TEST_BIN := $(shell RENODE='$(RENODE)' tools/find-renode.sh test)
ROBOT_OUT   := build/robot

# Robot tag filter: the board id is a static tag of every test. Library and opt tags are added
# while a test runs (one template row per library/opt), after Robot has selected the tests, so
# LIB= and OPT= narrow the firmware build but not the robot selection.
robot_include = $(BOARD)
ROBOT_FILTER  = $(if $(robot_include),--include $(robot_include))

# Your own firmware (models/user/): the predicted cycles per call of one function of an ELF.
.PHONY: predict
predict: deps
	@if [ -z "$(ELF)" ] || [ -z "$(FUNCTION)" ] || [ -z "$(BOARD)" ]; then \
	    echo "predict: usage: make predict ELF=<app.elf> BOARD=<board> FUNCTION=<name>"; exit 2; fi
	@$(PYTHON) -m models predict --elf $(ELF) --board $(BOARD) --function $(FUNCTION)

.PHONY: main deps deps-firmware firmware robot robot-all test test-all unit clean profiles report lab \
        native-profiles tls-report

# Build and run the default board in Renode (when present) and refresh its profiles, then
# calibrate, predict and write the report from the profiles in models/profiles/data/.
main: deps firmware-main
	@$(PYTHON) tools/run_firmware.py --board $(or $(BOARD),$(DEFAULT_BOARD)) \
	    --library $(firstword $(LIBRARIES)) --path sw --opt $(lastword $(OPTS)) --app bench
	@if [ -n "$(RENODE_BIN)" ]; then \
	    echo "main: profiling $(or $(BOARD),$(DEFAULT_BOARD)) in Renode (opcode counters; Cortex-M7 -O3 runs also traced for their issue schedule: about 20 minutes) ..."; \
	    $(PYTHON) -m models collect --board $(or $(BOARD),$(DEFAULT_BOARD)) -j$(JOBS); \
	else \
	    echo "main: Renode not found: predictions use the stored profiles in models/profiles/data/"; \
	fi
	@$(PYTHON) -m models report --answer-board $(or $(BOARD),$(DEFAULT_BOARD))

profiles: deps firmware
	@if [ -z "$(RENODE_BIN)" ]; then echo "profiles: error: renode not found (set RENODE or install Renode)"; exit 1; fi
	@$(PYTHON) -m models collect -j$(JOBS) $(if $(BOARD),--board $(BOARD)) $(if $(LIB),--library $(LIB)) \
	    $(if $(OPT),--opt $(OPT))

# The libraries' own benchmark programs row by row (models/profiles/native.py), stored beside the
# bench's profiles; `make report` prices them. Host time: minutes per image on the Cortex-M7
# boards, up to about an hour per -O0 image on the slower-simulated stm32f407 and samd21.
native-profiles: deps deps-firmware
	@if [ -z "$(RENODE_BIN)" ]; then echo "native-profiles: error: renode not found (set RENODE or install Renode)"; exit 1; fi
	@$(MAKE) --no-print-directory -C firmware -j$(JOBS) wolfbench-profile mbedbench-profile \
	    $(if $(BOARD),BOARDS=$(BOARD))
	@for app in wolfbench wolfbench-pk mbedbench mbedbench-pk; do \
	    $(PYTHON) -m models collect --app $$app -j$(JOBS) --timeout 6000 $(if $(BOARD),--board $(BOARD)) \
	        $(if $(OPT),--opt $(OPT)) || exit 1; \
	done

report: deps
	@$(PYTHON) -m models report

.PHONY: firmware-main
firmware-main:
	@$(MAKE) --no-print-directory -C firmware -j$(JOBS) BOARDS="$(or $(BOARD),$(DEFAULT_BOARD))" \
	    LIBRARIES="$(LIBRARIES)" OPTS="$(OPTS)"

deps:
	@tools/deps.sh all

deps-firmware:
	@tools/deps.sh firmware

firmware: deps-firmware
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -C firmware -j$(JOBS) BOARDS="$(BOARDS)" LIBRARIES="$(LIBRARIES)" \
	    OPTS="$(OPTS)" && \
	$(MAKE) --no-print-directory -C firmware -j$(JOBS) reference && \
	for program in wolfbench mbedbench mbedbench-short; do \
	    $(MAKE) --no-print-directory -C firmware -j$(JOBS) $$program BOARDS="$(BOARDS)" \
	        OPTS=high-speed || exit 1; \
	done && \
	$(MAKE) --no-print-directory -C firmware -j$(JOBS) tls && \
	$(MAKE) --no-print-directory -C firmware -j$(JOBS) polling && \
	$(MAKE) --no-print-directory -C firmware/sdk -j$(JOBS) && \
	$(MAKE) --no-print-directory -C firmware/sdk-examples -j$(JOBS) && \
	$(MAKE) --no-print-directory -C firmware/vendor-hal -j$(JOBS) && \
	$(MAKE) --no-print-directory -C firmware/atcatest -j$(JOBS) && \
	$(MAKE) --no-print-directory -C firmware/validation/embench -j$(JOBS) && \
	echo "firmware: built in $$(( $$(date +%s) - start )) s; sizes in build/fw/sizes.txt"

# The TLS 1.2 handshake (docs/tls-handshake.md): its images, a run of every board, path and
# client library through the prediction path, then reports/tls-handshake.md and its figure (tls-handshake.png).
tls-report: deps
	@$(MAKE) --no-print-directory -C firmware -j$(JOBS) tls
	@$(PYTHON) tools/tls_handshake.py run --library wolfcrypt --library mbedtls
	@$(PYTHON) tools/tls_handshake.py report

unit: deps
	@$(PYTHON) -m pytest -q tools/tests models/tests

# renode-test runs the suites listed in robot-tests/tests.yaml from the repository root; the
# summary step fails when zero tests ran (renode-test itself would report success).
robot robot-all: firmware
	@if [ -z "$(RENODE_TEST_BIN)" ]; then echo "robot: error: renode-test not found (set RENODE or install Renode)"; exit 1; fi
	@rm -rf $(ROBOT_OUT) && mkdir -p $(ROBOT_OUT)
	@echo "robot: $(RENODE_TEST_BIN) -t robot-tests/tests.yaml -j$(JOBS) $(ROBOT_FILTER) $(if $(filter robot,$@),--exclude slow)"
	@PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(RENODE_TEST_BIN) -t robot-tests/tests.yaml -j$(JOBS) \
	    -r $(ROBOT_OUT) $(ROBOT_FILTER) $(if $(filter robot,$@),--exclude slow) > $(ROBOT_OUT)/renode-test.log 2>&1; \
	    status=$$?; tail -n 25 $(ROBOT_OUT)/renode-test.log; \
	    $(PYTHON) tools/robot_summary.py $$(find $(ROBOT_OUT) -name 'robot_output*.xml') && exit $$status

# One teaching lab: the ```sh steps of docs/labs/<N>-*.md, then docs/labs/checks/test_lab<N>.py.
ifneq ($(filter lab,$(MAKECMDGOALS)),)
ifeq ($(strip $(N)),)
$(error usage: make lab N=<n>; the labs are listed in docs/labs/README.md)
endif
endif
lab: deps
	@$(PYTHON) tools/lab.py run $(N)

# What-if sweeps (models/sweeps/README.md). A firmware study without Renode keeps its committed
# CSV in reports/sweeps/ and says so; hardware studies need no Renode.
STUDIES := buffer-size dispatch clock-opt
$(call check,$(STUDY),$(STUDIES),STUDY)
run_study = if [ -z "$(RENODE_BIN)" ] && grep -q '^kind: firmware' models/sweeps/$(1).yaml; then \
	    echo "sweep: Renode not found: $(1) keeps reports/sweeps/$(1).csv"; \
	else $(PYTHON) -m models sweep models/sweeps/$(1).yaml -j$(JOBS) --out reports/sweeps; fi

.PHONY: sweep studies whatif-bench
sweep: deps
	@$(if $(STUDY),,$(error usage: make sweep STUDY=<name>; one of: $(STUDIES)))
	@$(call run_study,$(STUDY))
	@$(PYTHON) -m models studies

studies: deps
	@$(foreach s,$(STUDIES),$(call run_study,$(s)) && ) true
	@$(PYTHON) -m models studies

whatif-bench: deps
	@$(PYTHON) -m models sweep models/sweeps/whatif-1000.yaml --bench -j$(JOBS)

# Embench IoT 2.0 on the stm32f407 (models/validation/): the images, their profiles in Renode
# (when present and the images were built; else the stored profiles), then the report.
.PHONY: validation
validation: deps
	@$(MAKE) --no-print-directory -C firmware/validation/embench -j$(JOBS)
	@if [ -z "$(RENODE_BIN)" ]; then \
	    echo "validation: Renode not found: the report uses the stored profiles"; \
	elif ls build/fw-embench/stm32f407/gsf1/*.elf > /dev/null 2>&1; then \
	    $(PYTHON) -m models.validation profile || exit 1; \
	fi
	@$(PYTHON) -m models.validation
	@$(MAKE) --no-print-directory validation-asm

# Hand-written assembly and CoreMark with published cycle counts (models/validation/asm.py): the images, their
# predictions with `predict --elf` in Renode (when present; else the stored ones), the report.
.PHONY: validation-asm
validation-asm: deps
	@$(MAKE) --no-print-directory -C firmware/validation/x25519-cm0
	@$(MAKE) --no-print-directory -C firmware/validation/aes-armcortexm
	@$(MAKE) --no-print-directory -C firmware/validation/coremark
	@if [ -z "$(RENODE_BIN)" ]; then \
	    echo "validation-asm: Renode not found: the report uses the stored predictions"; \
	    $(PYTHON) -m models.validation.asm; \
	else \
	    $(PYTHON) -m models.validation.asm predict; \
	fi

test test-all: deps
	@tools/test.sh $(if $(filter test-all,$@),all,default) "$(BOARD)" "$(LIB)" "$(OPT)"

clean:
	rm -rf build
