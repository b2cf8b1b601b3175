// Agents' own data (India's DPDP Act 2023): an agent with a listing matched by
// another agent's requirement, a connection and messages opens Settings, downloads
// their data (one JSON file holding their listing and messages, no password hash),
// then deletes their account: a wrong password is refused in the dialog, the right
// one signs them out to the landing page. The other agent keeps the conversation,
// from "Deleted agent"; the deleted username signs in no more. Screens at 1280 px
// and 390 px.
import fs from "node:fs/promises";
import { apiJson, newAgent, registerThroughAPI } from "../lib/agents.mjs";
import { horizontalOverflow, MOBILE, shot } from "../lib/browser.mjs";
import { atPath, expect, expectToast, test } from "../lib/journey.mjs";

const leaving = newAgent("own_a", "Anita Leaving", "seller", "5");
const staying = newAgent("own_b", "Bhavesh Staying", "buyer", "6");

const listing = {
  title: "3BHK in Indiranagar",
  description: "Corner flat near the metro",
  propertyType: "apartment",
  listingPurpose: "for_sale",
  price: 15000000,
  state: "Karnataka",
  city: "Bengaluru",
  locality: "Indiranagar",
  pincode: "560038",
  bedrooms: 3,
  bathrooms: 2,
};
const requirement = {
  clientName: "Kavya Menon",
  clientPhone: "9876523456",
  propertyTypes: ["apartment"],
  listingPurpose: "forSale",
  minPrice: 12000000,
  maxPrice: 16000000,
  preferredState: "Karnataka",
  preferredCities: ["Bengaluru"],
  preferredLocalities: "Indiranagar",
  timeline: "1month",
};

test("an agent downloads their data, then deletes their account", async ({
  page,
  newContext,
  step,
}) => {
  const phone = await (await newContext(MOBILE)).newPage();

  await step("setup", async () => {
    await registerThroughAPI(page, leaving);
    await registerThroughAPI(phone, staying);
    await apiJson(page, "POST", "/api/properties", listing);
    await apiJson(phone, "POST", "/api/requirements", requirement);
    const me = await apiJson(page, "GET", "/api/user");
    const other = await apiJson(phone, "GET", "/api/user");
    const request = await apiJson(page, "POST", "/api/connections", {
      recipientId: other.id,
      message: "Let us work together",
    });
    await apiJson(phone, "PUT", `/api/connections/${request.id}`, {
      status: "accepted",
    });
    await apiJson(page, "POST", "/api/messages", {
      receiverId: other.id,
      content: "The Indiranagar flat is still available",
    });
    await apiJson(phone, "POST", "/api/messages", {
      receiverId: me.id,
      content: "My client Kavya would like a visit",
    });
    await expect
      .poll(
        async () => (await apiJson(page, "GET", "/api/matches?type=seller")).length,
        { message: "the requirement matches the listing" },
      )
      .toBe(1);
  });

  await step("settings-your-data", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("your-data");
    await expect(card.getByRole("heading", { name: "Your Data" })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, "own-data-desktop-01-settings");
  });

  await step("download", async () => {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download My Data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^propmatch-my-data-\d{8}-\d{6}\.json$/,
    );
    const text = await fs.readFile(await download.path(), "utf8");
    const data = JSON.parse(text);
    expect(data.format).toBe("propmatch-agent-data");
    expect(data.account.username).toBe(leaving.username);
    expect(data.listings.map((l) => l.title)).toEqual([listing.title]);
    expect(data.messagesSent.map((m) => m.content)).toEqual([
      "The Indiranagar flat is still available",
    ]);
    expect(data.messagesReceived.map((m) => m.content)).toEqual([
      "My client Kavya would like a visit",
    ]);
    expect(data.connections).toHaveLength(1);
    expect(text).not.toContain("password_hash");
    expect(text).not.toContain(leaving.password);
    await expectToast(page, "Your data is downloading");
  });

  await step("delete", async () => {
    await page.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("Deleted agent");
    await dialog.getByLabel("Your password").fill("not-my-password-1");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect(dialog.getByText("Password is incorrect")).toBeVisible();
    await shot(page, "own-data-desktop-02-delete-dialog", { fullPage: false });
    await dialog.getByLabel("Your password").fill(leaving.password);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    // Signed out, the landing page is loaded afresh.
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await shot(page, "own-data-desktop-03-landing", { fullPage: false });
    expect((await page.request.get("/api/user")).status()).toBe(401);
    const login = await page.request.post("/api/login", {
      data: { username: leaving.username, password: leaving.password },
    });
    expect(login.status()).toBe(401);
  });

  await step("the-other-agent-keeps-the-messages", async () => {
    await phone.goto("/messages");
    await phone.getByText("Deleted agent").first().click();
    await expect(
      phone.getByText("The Indiranagar flat is still available"),
    ).toBeVisible();
    await expect(phone.getByText("Anita Leaving")).toHaveCount(0);
    expect(
      await horizontalOverflow(phone),
      "no sideways scroll on Messages",
    ).toBe(0);
    await shot(phone, "own-data-mobile-01-messages");
    await expect
      .poll(
        async () => (await apiJson(phone, "GET", "/api/matches?type=buyer")).length,
        { message: "the deleted agent's listing left the matches" },
      )
      .toBe(0);
  });

  await step("mobile-settings", async () => {
    await phone.goto("/settings");
    const card = phone.getByTestId("your-data");
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("heading", { name: "Your Data" })).toBeVisible();
    expect(
      await horizontalOverflow(phone),
      "no sideways scroll on Settings",
    ).toBe(0);
    await shot(phone, "own-data-mobile-02-settings");
    await phone.getByRole("button", { name: "Delete My Account" }).click();
    await expect(
      phone.getByRole("dialog", { name: "Delete your account?" }),
    ).toBeVisible();
    await shot(phone, "own-data-mobile-03-delete-dialog", { fullPage: false });
    await phone.getByRole("button", { name: "Keep My Account" }).click();
    expect((await phone.request.get("/api/user")).status()).toBe(200);
  });
});
