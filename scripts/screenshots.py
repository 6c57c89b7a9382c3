"""Capture the main pages at phone and desktop widths, in light and dark, into docs/screenshots/.

Usage: ``python scripts/screenshots.py [BASE_URL]`` with the site running (``make run``);
BASE_URL defaults to http://127.0.0.1:8000. Drives Debian's Chromium (``/usr/bin/chromium``,
or ``CHROMIUM`` from the environment) through Playwright.
"""

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
PAGES = {
    "list": "/",
    "list-filtered": "/?component=training-data-loader&symptom=nccl-timeout"
    "&organisation=shanghai-ai-laboratory",
    "list-search": "/?q=training+job+hangs%2C+then+dies+with+an+NCCL+watchdog+timeout",
    "list-log-search": "/?q=%5BRank+3%5D+Watchdog+caught+collective+operation+timeout%3A+"
    "WorkNCCL%28SeqNum%3D1%2C+OpType%3DALLREDUCE%29+ran+for+600018+milliseconds",
    "list-paraphrase": "/?q=the+node+rebooted+by+itself+and+never+came+back",
    # A pasted screen of dmesg (over 500 characters): read as its lines that matter.
    "list-paste": "/?q="
    + "".join(
        f"%5B+{n}.120044%5D+usb+1-{n}%3A+new+high-speed+USB+device+number+{n}+using+xhci_hcd%0A"
        for n in range(1, 9)
    )
    + "%5B+912.404211%5D+NVRM%3A+Xid+%28PCI%3A0000%3Ab1%3A00%29%3A+79%2C+pid%3D%27%3Cunknown%3E"
    "%27%2C+name%3D%3Cunknown%3E%2C+GPU+has+fallen+off+the+bus.%0A"
    "%5B+912.404780%5D+NVRM%3A+GPU+at+PCI%3A0000%3Ab1%3A00%3A+GPU-3f1c%0A",
    "term-signatures": "/taxonomy/symptom/gpu-fell-off-the-bus/",
    "list-key-facts": "/?accelerator=h100&workload=training&year_from=2024&sort=scale",
    "case": "/cases/acme-datacenter-llm-pretraining-failures/",
    "case-key-facts": "/cases/google-cloud-service-control-outage-jun-2025/",
    "graph-filtered": "/graph/?component=training-data-loader&symptom=nccl-timeout"
    "&organisation=shanghai-ai-laboratory",
    "graph": "/graph/",
    "diagnosis": "/diagnose/?symptom=loss-spike",
    "graph-causes": "/graph/?view=causes",
}
VIEWPORTS = {"desktop": (1280, 900), "phone": (360, 780)}


def main(base_url):
    """Write one PNG per page, viewport and colour scheme; print each path."""
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for scheme in ("light", "dark"):
            for device, (width, height) in VIEWPORTS.items():
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=scheme
                )
                tab = context.new_page()
                for name, path in PAGES.items():
                    tab.goto(base_url + path)
                    target = OUT / f"{name}-{device}-{scheme}.png"
                    tab.screenshot(path=target, full_page=False)
                    print(target)
                context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
