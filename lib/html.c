/*
 * html: the replay page of `trace --format html`.  One file that needs
 * nothing from the network: the frames are inline SVG, one <div> each with
 * its step's description in data-desc, written once; the CSS and the
 * script that shows one frame at a time are in the page.  Controls: play
 * and pause, back and forward, first and last, a slider, and the keys
 * ArrowLeft, ArrowRight, Home, End and space.
 */
#include "svg_impl.h"

#include <string.h>

static const char style[] =
	"body{font-family:sans-serif;margin:16px;color:#222;background:#fafafa}\n"
	"h1{font-size:20px;margin:0 0 4px}\n"
	".sub{margin:0 0 12px;color:#555}\n"
	"#player{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\n"
	".frame{display:none}\n"
	".frame.on{display:block}\n"
	".frame svg{max-width:90vw;height:auto;border:1px solid #ccc;background:#fff}\n"
	"#side{min-width:260px;max-width:420px}\n"
	"#controls button{font-size:15px;margin:0 4px 6px 0;padding:4px 10px}\n"
	"#slider{width:100%}\n"
	"#desc{font-size:16px;min-height:3em;white-space:pre-wrap}\n"
	"#answer{font-weight:bold;font-size:16px;white-space:pre-wrap}\n"
	".keys{color:#666;font-size:13px}\n";

/*
 * The controls.  The keys are taken at the document (preventDefault keeps
 * a focused slider or button from stepping a second time).
 */
static const char script[] =
	"(function () {\n"
	"\tvar f = document.querySelectorAll('.frame'), i = 0, timer = null;\n"
	"\tvar slider = document.getElementById('slider'), desc = document.getElementById('desc');\n"
	"\tvar pos = document.getElementById('pos'), play = document.getElementById('play');\n"
	"\tdocument.getElementById('count').textContent = f.length;\n"
	"\tslider.max = f.length - 1;\n"
	"\tfunction show(k) {\n"
	"\t\tk = Math.max(0, Math.min(f.length - 1, k));\n"
	"\t\tf[i].classList.remove('on');\n"
	"\t\ti = k;\n"
	"\t\tf[i].classList.add('on');\n"
	"\t\tslider.value = i;\n"
	"\t\tpos.textContent = i + 1;\n"
	"\t\tdesc.textContent = f[i].getAttribute('data-desc');\n"
	"\t\tdocument.body.setAttribute('data-frame', i);\n"
	"\t}\n"
	"\tfunction stop() {\n"
	"\t\tif (timer) { clearInterval(timer); timer = null; }\n"
	"\t\tplay.textContent = 'play';\n"
	"\t}\n"
	"\tfunction toggle() {\n"
	"\t\tif (timer) { stop(); return; }\n"
	"\t\tif (i == f.length - 1) show(0);\n"
	"\t\tplay.textContent = 'pause';\n"
	"\t\ttimer = setInterval(function () {\n"
	"\t\t\tif (i >= f.length - 1) stop(); else show(i + 1);\n"
	"\t\t}, 800);\n"
	"\t}\n"
	"\tfunction go(k) { stop(); show(k); }\n"
	"\tplay.onclick = toggle;\n"
	"\tdocument.getElementById('first').onclick = function () { go(0); };\n"
	"\tdocument.getElementById('back').onclick = function () { go(i - 1); };\n"
	"\tdocument.getElementById('fwd').onclick = function () { go(i + 1); };\n"
	"\tdocument.getElementById('last').onclick = function () { go(f.length - 1); };\n"
	"\tslider.oninput = function () { go(+slider.value); };\n"
	"\tdocument.addEventListener('keydown', function (e) {\n"
	"\t\tif (e.key == 'ArrowLeft') go(i - 1);\n"
	"\t\telse if (e.key == 'ArrowRight') go(i + 1);\n"
	"\t\telse if (e.key == 'Home') go(0);\n"
	"\t\telse if (e.key == 'End') go(f.length - 1);\n"
	"\t\telse if (e.key == ' ') toggle();\n"
	"\t\telse return;\n"
	"\t\te.preventDefault();\n"
	"\t});\n"
	"\tshow(0);\n"
	"})();\n";

void html_begin(struct html_replay *h, struct bl_buf *out, const char *title,
		const char *subtitle)
{
	h->out = out;
	h->frames = 0;
	h->full = false;
	bl_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			 "<title>");
	svg_esc(out, title);
	bl_buf_printf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
	svg_esc(out, title);
	bl_buf_puts(out, "</h1>\n<p class=\"sub\">");
	svg_esc(out, subtitle);
	bl_buf_puts(out, "</p>\n<div id=\"player\">\n<div id=\"stage\">\n");
}

bool html_frame_begin(struct html_replay *h, const char *desc)
{
	if (h->frames >= HTML_FRAMES_MAX || h->out->len >= HTML_BYTES_MAX) {
		h->full = true;   /* a frame is dropped: only now is the replay cut */
		return false;
	}
	bl_buf_printf(h->out, "<div class=\"frame\" id=\"f%d\" data-desc=\"", h->frames);
	svg_esc(h->out, desc);
	bl_buf_puts(h->out, "\">\n");
	h->frames++;
	return true;
}

void html_frame_end(struct html_replay *h)
{
	bl_buf_puts(h->out, "</div>\n");
}

void html_end(struct html_replay *h, const char *answer)
{
	struct bl_buf *out = h->out;

	bl_buf_puts(out, "</div>\n<div id=\"side\">\n<div id=\"controls\">"
			 "<button id=\"first\" title=\"first step (Home)\">|&lt;</button>"
			 "<button id=\"back\" title=\"back (ArrowLeft)\">&lt;</button>"
			 "<button id=\"play\" title=\"play or pause (space)\">play</button>"
			 "<button id=\"fwd\" title=\"forward (ArrowRight)\">&gt;</button>"
			 "<button id=\"last\" title=\"last step (End)\">&gt;|</button></div>\n"
			 "<input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" "
			 "aria-label=\"step\">\n"
			 "<p>step <span id=\"pos\">1</span> of <span id=\"count\">");
	bl_buf_int(out, h->frames);
	bl_buf_puts(out, "</span></p>\n<p id=\"desc\"></p>\n<p id=\"answer\">");
	size_t n = strlen(answer);
	while (n && answer[n - 1] == '\n')   /* a trace's last line keeps its newline */
		n--;
	svg_esc_n(out, answer, n);
	if (h->full)
		bl_buf_printf(out, "\n(the replay shows its first %d frame%s)", h->frames,
			      h->frames == 1 ? "" : "s");
	bl_buf_printf(out, "</p>\n<p class=\"keys\">keys: ArrowLeft and ArrowRight step, Home "
			   "and End go to the first and last step, space plays and pauses</p>\n"
			   "</div>\n</div>\n<script>\n%s</script>\n</body>\n</html>\n",
		      script);
}
