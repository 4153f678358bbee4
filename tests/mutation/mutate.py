#!/usr/bin/env python3
"""Mutation testing of the judge's suites (issue 16, item 5).

Makes single-point mutants of the plain C reference solution of each problem
(tests/judge/PROBLEM.c), compiles each as a shared object whose main is
renamed solution_main, and has the harness (mutrun, tests/mutation/mutrun.c)
judge them against the problem's suite and against random instances.  A
mutant is killed by the suite, killable by stress (one of the --runs random
instances kills it), both, or neither.  The suite must kill every mutant that
stress kills.

  mutate.py list PROBLEM             the mutants of PROBLEM, one a line
  mutate.py show PROBLEM ID          mutant ID as a diff against the reference
  mutate.py run [OPTIONS] [PROBLEM...]
      --harness PATH   mutrun (default build/tests/mutrun)
      --work DIR       where mutants are written and built (default build/mutation)
      --runs N         random instances per mutant (default 20000)
      --seed S         their seed (default 1)
      --sample K       only K mutants per problem, spread evenly over the list
      --jobs J         compilers and harnesses at once (default 2)
      --tap            print TAP (for make test) instead of the table

The mutants are the same on every run: the reference's tokens are walked in
order and every mutation point gives its mutants in a fixed order.  The
operators:
  const    an integer or character constant c becomes (c+1) and (c-1)
  rel      a comparison: < <= > >= flipped or made strict/non-strict
           (< gives <= and >; <= gives < and >=; ...), == and != swapped
  cond     the condition of an if, while, do-while or for negated: !(...)
  delete   an expression statement, break or continue deleted
  logic    && and || swapped
  arith    a binary arithmetic or bitwise operator replaced (+ -, * /, / *,
           % /, ^ |, | &, & |, << >>, >> <<), also in compound assignments,
           and ++ and -- swapped
Mutants that do not compile are discarded and counted.

The compiler is $BL_MUT_CC (default cc), with -std=c11 -O1 -w -shared -fPIC.
"""

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PROBLEMS = ["17780", "17837", "17825", "16880", "16879", "11559"]
SHOWN = 10  # missed mutants listed per problem; report.tsv has them all
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# ---------------------------------------------------------------- tokens

PUNCT = sorted("""
... <<= >>= -> ++ -- << >> <= >= == != && || += -= *= /= %= &= ^= |= ##
[ ] ( ) { } . & * + - ~ ! / % < > ^ | ? : ; = , #
""".split(), key=len, reverse=True)

TOKEN_RE = re.compile(r"""
    (?P<space>[ \t\r\n\f\v]+|\\\n)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<str>"(?:\\.|[^"\\\n])*")
  | (?P<char>'(?:\\.|[^'\\\n])+')
  | (?P<num>\.?[0-9](?:[eEpP][+-]|[0-9a-zA-Z_.])*)
  | (?P<id>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<punct>""" + "|".join(re.escape(p) for p in PUNCT) + r""")
""", re.S | re.X)

TYPE_WORDS = {
    "void", "char", "short", "int", "long", "float", "double", "signed",
    "unsigned", "_Bool", "bool", "static", "const", "volatile", "extern",
    "register", "struct", "union", "enum", "typedef", "size_t", "int64_t",
    "uint64_t", "int32_t", "uint32_t", "FILE", "auto", "inline",
}
KEYWORDS = TYPE_WORDS | {
    "if", "else", "for", "while", "do", "switch", "case", "default", "break",
    "continue", "return", "goto", "sizeof",
}


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line")

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line

    def __repr__(self):
        return "%s:%r@%d" % (self.kind, self.text, self.line)


def tokenize(src):
    """The tokens of src outside comments and preprocessor lines, except
    the body of an object-like #define (its constants are mutated too)."""
    toks = []
    pos, line, n = 0, 1, len(src)
    at_line_start = True
    while pos < n:
        if at_line_start:
            m = re.match(r"[ \t]*#", src[pos:])
            if m:
                end = pos
                while True:  # the directive, with its continuation lines
                    nl = src.find("\n", end)
                    if nl < 0:
                        nl = n
                    if nl > 0 and src[nl - 1] == "\\" and nl < n:
                        end = nl + 1
                        continue
                    break
                d = re.match(r"[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z_0-9]*(?=[ \t])",
                             src[pos:nl])
                if d:
                    for t in tokenize(src[pos + d.end():nl]):
                        t.start += pos + d.end()
                        t.end += pos + d.end()
                        t.line += line - 1
                        t.kind = "pp-" + t.kind
                        toks.append(t)
                line += src.count("\n", pos, nl)
                pos = nl
                continue
        m = TOKEN_RE.match(src, pos)
        if not m:
            raise SyntaxError("line %d: cannot read %r" % (line, src[pos:pos + 20]))
        kind, text = m.lastgroup, m.group()
        if kind not in ("space", "comment"):
            toks.append(Tok(kind, text, pos, m.end(), line))
            at_line_start = False
        newlines = text.count("\n")
        if newlines:
            line += newlines
            at_line_start = True
        pos = m.end()
    return toks

# ---------------------------------------------------------------- statements


class Structure:
    """Where the reference's conditions and deletable statements are: a
    small recursive reading of the statements of each function body."""

    def __init__(self, toks):
        self.t = [x for x in toks if not x.kind.startswith("pp-")]
        self.conds = []      # (first token, last token) of a condition
        self.deletes = []    # (first token, last token) of a statement
        self.bodies = []     # (first token, last token) of a function body
        self.decls = []      # (first token, last token) of a declaration in a body
        i = 0
        while i < len(self.t):
            i = self.top(i)

    def text(self, i):
        return self.t[i].text if i < len(self.t) else ""

    def match(self, i):
        """The index of the bracket closing the one at i."""
        depth = 0
        pairs = {"(": ")", "[": "]", "{": "}"}
        for j in range(i, len(self.t)):
            x = self.text(j)
            if x in pairs:
                depth += 1
            elif x in pairs.values():
                depth -= 1
                if depth == 0:
                    return j
        raise SyntaxError("unbalanced bracket at line %d" % self.t[i].line)

    def skip_to(self, i, stop):
        """The index of the first `stop` token at bracket depth 0 from i."""
        while self.text(i) != stop:
            if self.text(i) in ("(", "[", "{"):
                i = self.match(i)
            i += 1
            if i >= len(self.t):
                raise SyntaxError("no %r after line %d" % (stop, self.t[-1].line))
        return i

    def top(self, i):
        """One file-scope declaration or function definition from i."""
        while self.text(i) != ";":
            if self.text(i) == "{":
                if self.text(i - 1) == ")":  # a function body
                    end = self.statement(i)
                    self.bodies.append((i, end - 1))
                    return end
                i = self.match(i)  # an initializer, an enum or a struct
            elif self.text(i) in ("(", "["):
                i = self.match(i)
            i += 1
            if i >= len(self.t):
                return i
        return i + 1

    def declaration(self, i):
        x = self.t[i]
        if x.text in TYPE_WORDS:
            return True
        nxt = self.text(i + 1)
        return x.kind == "id" and x.text not in KEYWORDS and \
            (self.t[i + 1].kind == "id" if i + 1 < len(self.t) else False) and nxt not in KEYWORDS

    def statement(self, i):
        """Reads the statement at i; returns the index after it."""
        x = self.text(i)
        if x == "{":
            i += 1
            while self.text(i) != "}":
                i = self.statement(i)
            return i + 1
        if x in ("if", "while", "switch"):
            j = self.match(i + 1)
            if x != "switch":
                self.conds.append((i + 2, j - 1))
            i = self.statement(j + 1)
            if x == "if" and self.text(i) == "else":
                i = self.statement(i + 1)
            return i
        if x == "for":
            j = self.match(i + 1)
            a = self.skip_to(i + 2, ";")
            if self.declaration(i + 2):
                self.decls.append((i + 2, a))
            b = self.skip_to(a + 1, ";")
            if b > a + 1:
                self.conds.append((a + 1, b - 1))
            return self.statement(j + 1)
        if x == "do":
            i = self.statement(i + 1)  # then: while ( cond ) ;
            j = self.match(i + 1)
            self.conds.append((i + 2, j - 1))
            return j + 2
        if x in ("case", "default"):
            return self.statement(self.skip_to(i, ":") + 1)
        if x in ("break", "continue"):
            self.deletes.append((i, i + 1))
            return i + 2
        if x == ";":
            return i + 1
        end = self.skip_to(i, ";")
        if self.declaration(i):
            self.decls.append((i, end))
        elif x not in ("return", "goto"):
            self.deletes.append((i, end))
        return end + 1

    def operands(self):
        """The indexes of the identifiers in function bodies that are read
        as values: not a function, an array, a declared name, an address
        taken, or the target of an assignment, ++ or --."""
        inside = set()
        for a, b in self.bodies:
            inside.update(range(a, b + 1))
        declared = set()
        for a, b in self.decls:
            for k in range(a, b + 1):
                if self.t[k].kind == "id" and self.text(k - 1) in TYPE_WORDS | {"*", ","}:
                    declared.add(k)
        out = []
        for k in sorted(inside - declared):
            x = self.t[k]
            if x.kind != "id" or x.text in KEYWORDS:
                continue
            if self.text(k + 1) in ASSIGN | {"(", "[", "++", "--", ".", "->"}:
                continue
            if self.text(k - 1) in ("&", "++", "--", ".", "->") and not binary_at(self.t, k - 1):
                continue
            out.append(k)
        return out

# ---------------------------------------------------------------- mutants

def others(group):
    return {op: [o for o in group if o != op] for op in group}


REL = others(["<", "<=", ">", ">=", "==", "!="])
LOGIC = {"&&": ["||"], "||": ["&&"]}
ARITH = dict(others(["+", "-", "*", "/", "%"]))
ARITH.update(others(["^", "|", "&"]))
ARITH.update(others(["<<", ">>"]))
ARITH.update(others(["+=", "-=", "*=", "/=", "%="]))
ARITH.update(others(["^=", "|=", "&="]))
ARITH.update(others(["<<=", ">>="]))
ARITH.update(others(["++", "--"]))
ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "^=", "|=", "&=", "<<=", ">>="}
BINARY_ONLY = {"+", "-", "*", "&"}  # also unary: mutated only where binary


def binary_at(toks, k):
    """Whether the operator token toks[k] is binary: after an operand."""
    if k == 0:
        return False
    p = toks[k - 1]
    if p.kind.endswith("id"):
        return p.text not in KEYWORDS
    return p.kind.endswith(("num", "char", "str")) or p.text in (")", "]", "++", "--")


def constant_value(tok):
    """The constant's text as an int expression base, or None when not an integer."""
    if tok.kind.endswith("char"):
        return tok.text
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)", tok.text)
    return m.group(0) if m else None


def shifted(tok, d):
    """The constant plus d, as text that stays one operand."""
    if tok.kind.endswith("char"):
        return "(%s %s 1)" % (tok.text, "+" if d > 0 else "-")
    m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)", tok.text)
    v = int(m.group(1), 0) + d
    if v < 0:
        return "(%d%s)" % (v, m.group(2).replace("u", "").replace("U", ""))
    return "(%d%s)" % (v, m.group(2))


def mutants(src):
    """The mutants of src, in a fixed order: dicts with id, op, line,
    start, end (the bytes replaced), old and new text."""
    toks = tokenize(src)
    st = Structure(toks)
    code = st.t
    points = []  # (start, op-order, op, line, start, end, new)
    for k, tok in enumerate(toks):
        if tok.kind.endswith(("num", "char")) and constant_value(tok) is not None:
            for d in (1, -1):
                points.append((tok.start, 0, "const", tok.line, tok.start, tok.end, shifted(tok, d)))
        text = tok.text if tok.kind.endswith("punct") else None
        if text in REL:
            for r in REL[text]:
                points.append((tok.start, 1, "rel", tok.line, tok.start, tok.end, r))
        if text in LOGIC:
            for r in LOGIC[text]:
                points.append((tok.start, 1, "logic", tok.line, tok.start, tok.end, r))
        if text in ARITH and (text not in BINARY_ONLY or binary_at(toks, k)):
            for r in ARITH[text]:
                points.append((tok.start, 1, "arith", tok.line, tok.start, tok.end, r))
    for k in st.operands():
        x = code[k]
        for sign in ("+", "-"):
            points.append((x.start, 0, "operand", x.line, x.start, x.end,
                           "(%s %s 1)" % (x.text, sign)))
    for a, b in st.conds:
        s, e = code[a].start, code[b].end
        points.append((s, 2, "cond", code[a].line, s, e, "!(" + src[s:e] + ")"))
    for a, b in st.deletes:
        s, e = code[a].start, code[b].end
        points.append((s, 3, "delete", code[a].line, s, e, ";"))
    points.sort(key=lambda p: (p[0], p[1]))
    out = []
    for n, (_, _, op, line, s, e, new) in enumerate(points, 1):
        out.append({"id": n, "op": op, "line": line, "start": s, "end": e,
                    "old": src[s:e], "new": new})
    return out


def apply(src, m):
    return src[:m["start"]] + m["new"] + src[m["end"]:]


def describe(m):
    old = " ".join(m["old"].split())
    new = " ".join(m["new"].split())
    if len(old) > 50:
        old = old[:47] + "..."
    if len(new) > 50:
        new = new[:47] + "..."
    return "line %d %s: %s -> %s" % (m["line"], m["op"], old, new)

# ---------------------------------------------------------------- building


def compiler():
    return os.environ.get("BL_MUT_CC", "cc").split()


def compile_so(src_path, so_path):
    cmd = compiler() + ["-std=c11", "-O1", "-w", "-shared", "-fPIC",
                        "-Dmain=solution_main", "-o", so_path, src_path]
    return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def build(problem, ms, work, jobs):
    """Writes and compiles the mutants ms; returns (reference .so, {id: .so})."""
    d = os.path.join(work, problem)
    os.makedirs(d, exist_ok=True)
    ref_src = os.path.join(ROOT, "tests", "judge", problem + ".c")
    src = open(ref_src, encoding="utf-8").read()
    ref_so = os.path.join(d, "ref.so")
    if not compile_so(ref_src, ref_so):
        raise SystemExit("mutate.py: the reference %s does not compile" % ref_src)

    def one(m):
        c = os.path.join(d, "m%04d.c" % m["id"])
        so = os.path.join(d, "m%04d.so" % m["id"])
        with open(c, "w", encoding="utf-8") as f:
            f.write(apply(src, m))
        return m["id"], so if compile_so(c, so) else None

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        built = dict(pool.map(one, ms))
    return ref_so, {i: so for i, so in built.items() if so}


def judge(problem, ref_so, sos, opts):
    """Runs the harness over sos in --jobs parts; {so: (suite kill, stress kill)} and its notes."""
    parts = [sos[i::opts.jobs] for i in range(opts.jobs)] if sos else [[]]
    parts = [p for p in parts if p] or [[]]
    cmd = [opts.harness, problem, "--ref", ref_so, "--runs", str(opts.runs),
           "--seed", str(opts.seed)]

    def one(part):
        r = subprocess.run(cmd + part, stdout=subprocess.PIPE, universal_newlines=True)
        return r.returncode, r.stdout

    with ThreadPoolExecutor(max_workers=len(parts)) as pool:
        outs = list(pool.map(one, parts))
    results, notes = {}, []
    for code, text in outs:
        for line in text.splitlines():
            if line.startswith("#"):
                notes.append(line)
                continue
            so, suite, stress = line.split("\t")
            results[so] = (suite, stress)
        if code != 0:
            raise SystemExit("mutate.py: mutrun %s failed (status %d):\n%s" % (problem, code, text))
    return results, notes

# ---------------------------------------------------------------- reports


def pick(ms, k):
    """k mutants spread evenly over ms (all of them when k is 0)."""
    if not k or k >= len(ms):
        return ms
    return [ms[(i * len(ms)) // k] for i in range(k)]


def measure(problem, opts):
    src = open(os.path.join(ROOT, "tests", "judge", problem + ".c"), encoding="utf-8").read()
    made = mutants(src)
    chosen = pick(made, opts.sample)
    ref_so, built = build(problem, chosen, opts.work, opts.jobs)
    ids = sorted(built)
    results, notes = judge(problem, ref_so, [built[i] for i in ids], opts)
    row = {"problem": problem, "made": len(made), "tried": len(chosen), "compiled": 0,
           "suite": 0, "stress": 0, "beyond": 0, "missed": [], "survived": 0, "notes": notes,
           "ops": {}}
    log = []
    for i in ids:
        m = made[i - 1]
        suite, stress = results[built[i]]
        if suite == "noload":
            continue
        row["compiled"] += 1
        ks, kr = suite != "-", stress != "-"
        row["suite"] += ks
        row["stress"] += kr
        row["beyond"] += ks and not kr
        row["survived"] += not ks and not kr
        if kr and not ks:
            row["missed"].append((m, stress))
        o = row["ops"].setdefault(m["op"], [0, 0, 0])
        o[0] += 1
        o[1] += ks
        o[2] += kr
        log.append("%d\t%s\t%s\t%s\t%s" % (i, m["op"], m["line"], suite, stress))
    with open(os.path.join(opts.work, problem, "report.tsv"), "w", encoding="utf-8") as f:
        f.write("# id\top\tline\tsuite's first kill\tstress's first kill\n")
        f.write("\n".join(log) + "\n")
    return row


def print_table(rows, opts):
    head = ("problem", "made", "compiled", "suite", "stress", "beyond", "missed", "neither")
    print("%-8s" % head[0] + "".join("%9s" % h for h in head[1:]))
    for r in rows:
        print("%-8s%9d%9d%9d%9d%9d%9d%9d" % (r["problem"], r["made"], r["compiled"], r["suite"],
                                            r["stress"], r["beyond"], len(r["missed"]),
                                            r["survived"]))
    print()
    print("made: mutants of tests/judge/P.c; compiled: the others did not compile; suite: killed")
    print("by the suite; stress: killed by one of %d random instances (seed %d); beyond: killed" %
          (opts.runs, opts.seed))
    print("by the suite and not by stress; missed: killed by stress and not by the suite (must")
    print("be 0); neither: survived both (equivalent mutants, or both too weak).")
    for r in rows:
        for note in r["notes"]:
            if "runs/s" in note or "suite" in note:
                print("%s %s" % (r["problem"], note))
    for r in rows:
        for m, how in r["missed"][:SHOWN]:
            print("MISSED %s mutant %d (%s), killed by random instance %s" %
                  (r["problem"], m["id"], describe(m), how))
        if len(r["missed"]) > SHOWN:
            print("MISSED %s: %d more, in %s" % (r["problem"], len(r["missed"]) - SHOWN,
                                                os.path.join(opts.work, r["problem"], "report.tsv")))


def print_tap(rows, opts):
    n = 0
    for r in rows:
        n += 1
        ok = not r["missed"]
        print("%s %d - %s: %d sampled mutants (of %d), %d compiled; the suite kills %d, stress (%d runs) "
              "%d, the suite beyond stress %d, killable but missed %d" %
              ("ok" if ok else "not ok", n, r["problem"], r["tried"], r["made"], r["compiled"],
               r["suite"], opts.runs, r["stress"], r["beyond"], len(r["missed"])))
        for m, how in r["missed"]:
            print("#   missed: mutant %d (%s), killed by random instance %s" % (m["id"], describe(m), how))
        for note in r["notes"]:
            if "runs/s" in note or "garbled" in note:
                print("#   " + note.lstrip("# "))
    print("1..%d" % n)


def main(argv):
    p = argparse.ArgumentParser(description="mutation testing of the judge's suites")
    sub = p.add_subparsers(dest="cmd", required=True)
    ls = sub.add_parser("list")
    ls.add_argument("problem", choices=PROBLEMS)
    sh = sub.add_parser("show")
    sh.add_argument("problem", choices=PROBLEMS)
    sh.add_argument("id", type=int)
    rn = sub.add_parser("run")
    rn.add_argument("problems", nargs="*", metavar="PROBLEM")
    rn.add_argument("--harness", default=os.path.join(ROOT, "build", "tests", "mutrun"))
    rn.add_argument("--work", default=os.path.join(ROOT, "build", "mutation"))
    rn.add_argument("--runs", type=int, default=20000)
    rn.add_argument("--seed", type=int, default=1)
    rn.add_argument("--sample", type=int, default=0)
    rn.add_argument("--jobs", type=int, default=2)
    rn.add_argument("--tap", action="store_true")
    opts = p.parse_args(argv)
    for pr in getattr(opts, "problems", []):
        if pr not in PROBLEMS:
            p.error("unknown problem '%s' (one of %s)" % (pr, ", ".join(PROBLEMS)))
    if opts.cmd in ("list", "show"):
        src = open(os.path.join(ROOT, "tests", "judge", opts.problem + ".c"), encoding="utf-8").read()
        ms = mutants(src)
        if opts.cmd == "list":
            for m in ms:
                print("%d\t%s" % (m["id"], describe(m)))
            return 0
        if not 1 <= opts.id <= len(ms):
            raise SystemExit("mutate.py: %s has mutants 1 to %d" % (opts.problem, len(ms)))
        m = ms[opts.id - 1]
        print("mutant %d of %s: %s" % (m["id"], opts.problem, describe(m)))
        print(apply(src, m).splitlines()[m["line"] - 1])
        return 0
    if not os.access(opts.harness, os.X_OK):
        raise SystemExit("mutate.py: no harness '%s' (make tests builds it)" % opts.harness)
    rows = [measure(pr, opts) for pr in (opts.problems or PROBLEMS)]
    if opts.tap:
        print_tap(rows, opts)  # the verdicts are in the TAP lines
        return 0
    print_table(rows, opts)
    return 1 if any(r["missed"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
