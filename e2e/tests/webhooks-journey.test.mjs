// The webhooks journey (issue 23): an agent adds an endpoint of their own software (a small HTTP
// receiver on 127.0.0.1, which development mode allows) in Settings → Webhooks, copies its secret
// shown once, sends a test event and sees it in the deliveries log with status 200; the receiver
// got a body signed as Standard Webhooks specifies, verified here with node's crypto. Then a real
// message from another agent reaches it too. Screens at 1280 px and 390 px.
import crypto from "node:crypto";
import http from "node:http";
import {
  apiJson,
  newAgent,
  registerThroughAPI,
  signInThroughAPI,
} from "../lib/agents.mjs";
import { horizontalOverflow, MOBILE, shot } from "../lib/browser.mjs";
import { expect, expectToast, test } from "../lib/journey.mjs";

const owner = newAgent("hook_o", "Wasim Webhook", "both", "4");
const other = newAgent("hook_s", "Sita Sender", "both", "5");

// API access comes with the plan when billing is on; this journey is about the webhooks themselves.
test.use({ serverEnv: { PROPMATCH_BILLING: "off" } });

/** A receiver on 127.0.0.1 recording each request's headers and raw body. */
async function startReceiver() {
  const got = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      got.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    got,
    url: `http://127.0.0.1:${server.address().port}/propmatch`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Standard Webhooks' verification, written from the specification. */
function verify(secret, { headers, body }) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`;
  const expected = crypto.createHmac("sha256", key).update(signed).digest();
  const age = Math.abs(
    Date.now() / 1000 - Number(headers["webhook-timestamp"]),
  );
  return (
    age < 300 &&
    String(headers["webhook-signature"])
      .split(" ")
      .some((part) => {
        const [version, sig] = part.split(",");
        const given = Buffer.from(sig ?? "", "base64");
        return (
          version === "v1" &&
          given.length === expected.length &&
          crypto.timingSafeEqual(given, expected)
        );
      })
  );
}

test("an agent adds a webhook endpoint, sends a test event and sees it delivered, signed", async ({
  page,
  newContext,
  step,
}) => {
  const receiver = await startReceiver();
  let secret = "";
  try {
    await step("setup", async () => {
      await registerThroughAPI(page, owner);
    });

    await step("add-endpoint", async () => {
      await page.goto("/settings");
      const card = page.getByTestId("settings-webhooks");
      await expect(card.getByText("No endpoints yet.")).toBeVisible();
      await card.getByLabel("Endpoint URL").fill(receiver.url);
      await card
        .getByRole("checkbox", { name: /Connection request received/ })
        .click();
      await card.getByRole("button", { name: "Add Endpoint" }).click();
      await expectToast(page, "Webhook endpoint added");
      secret = (
        await card.getByTestId("webhook-secret-value").textContent()
      ).trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await card.scrollIntoViewIfNeeded();
      await shot(page, "webhooks-desktop-01-secret-once", { fullPage: false });
      await card.getByRole("button", { name: "I have saved it" }).click();
      await expect(card.getByTestId("webhook-secret")).toHaveCount(0);
      const list = await apiJson(page, "GET", "/api/user/webhooks");
      expect(JSON.stringify(list)).not.toContain(secret.slice(6));
    });

    await step("send-test-event", async () => {
      const row = page.getByTestId("webhook-row");
      await expect(row).toContainText(receiver.url);
      await row.getByRole("button", { name: "Send test event" }).click();
      await expectToast(page, "Test event sent");
      const delivery = row.getByTestId("webhook-delivery").first();
      await expect(delivery).toContainText("webhook.test");
      await expect(delivery).toContainText("200");
      await expect(delivery).toContainText(/\d+ ms/);
      expect(receiver.got).toHaveLength(1);
      const [hit] = receiver.got;
      expect(hit.headers["webhook-id"]).toMatch(/^msg_/);
      expect(
        verify(secret, hit),
        "the signature verifies with the secret shown once",
      ).toBe(true);
      expect(
        verify(secret, { ...hit, body: hit.body.replace("test", "tost") }),
        "a changed body does not",
      ).toBe(false);
      expect(JSON.parse(hit.body)).toMatchObject({
        type: "webhook.test",
        data: { message: expect.any(String) },
      });
      await row.scrollIntoViewIfNeeded();
      await shot(page, "webhooks-desktop-02-delivered", { fullPage: false });
    });

    await step("a-real-event", async () => {
      const senderPage = await (await newContext()).newPage();
      await registerThroughAPI(senderPage, other);
      const me = await apiJson(page, "GET", "/api/user");
      await apiJson(senderPage, "POST", "/api/connections", {
        recipientId: me.id,
        message: "Hello, let us work together",
      });
      await expect
        .poll(() => receiver.got.length, {
          message: "connection.requested arrives from the queue",
        })
        .toBe(2);
      const hit = receiver.got[1];
      expect(verify(secret, hit)).toBe(true);
      expect(JSON.parse(hit.body)).toMatchObject({
        type: "connection.requested",
        data: { message: "Hello, let us work together" },
      });
    });

    await step("phone", async () => {
      const phone = await (await newContext(MOBILE)).newPage();
      await signInThroughAPI(phone, owner);
      await phone.goto("/settings");
      const row = phone.getByTestId("webhook-row");
      await row.getByRole("button", { name: "Show deliveries" }).click();
      await expect(row.getByTestId("webhook-delivery")).toHaveCount(2);
      expect(await horizontalOverflow(phone)).toBe(0);
      await row.scrollIntoViewIfNeeded();
      await shot(phone, "webhooks-mobile-01-deliveries", { fullPage: false });
    });

    await step("turn-off-and-delete", async () => {
      const row = page.getByTestId("webhook-row");
      await row.getByRole("switch").click();
      await expectToast(page, "Endpoint turned off");
      page.once("dialog", (d) => d.accept());
      await row.getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Endpoint deleted");
      await expect(
        page.getByTestId("settings-webhooks").getByText("No endpoints yet."),
      ).toBeVisible();
    });
  } finally {
    await receiver.close();
  }
});
