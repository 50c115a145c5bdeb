import { describe, expect, test } from "vitest";
import { mailboxKey } from "./mailbox.ts";

describe("one key per mailbox", () => {
  test("case and surrounding spaces don't make a new mailbox", () => {
    expect(mailboxKey("  Ada.Obi@Example.COM ")).toBe("ada.obi@example.com");
  });

  test("a +tag after the name is dropped at any provider", () => {
    expect(mailboxKey("ada+oja@example.com")).toBe("ada@example.com");
    expect(mailboxKey("ada+one+two@yahoo.com")).toBe("ada@yahoo.com");
  });

  test("at Gmail, j.doe+x@gmail.com and jdoe@gmail.com are one mailbox", () => {
    expect(mailboxKey("j.doe+x@gmail.com")).toBe(mailboxKey("jdoe@gmail.com"));
    expect(mailboxKey("J.D.O.E@GMAIL.COM")).toBe("jdoe@gmail.com");
  });

  test("googlemail.com is gmail.com", () => {
    expect(mailboxKey("j.doe@googlemail.com")).toBe("jdoe@gmail.com");
  });

  test("other providers keep the dots: a.da@yahoo.com and ada@yahoo.com may be two people", () => {
    expect(mailboxKey("a.da@yahoo.com")).not.toBe(mailboxKey("ada@yahoo.com"));
  });

  test("a trailing dot on the domain names the same domain", () => {
    expect(mailboxKey("j.doe@gmail.com.")).toBe("jdoe@gmail.com");
  });

  test("an address that is only a +tag, or no address at all, is kept as typed", () => {
    expect(mailboxKey("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxKey(" Not An Email ")).toBe("not an email");
  });

  test("the last @ separates the name from the domain", () => {
    expect(mailboxKey('"a@b"@gmail.com')).toBe('"a@b"@gmail.com');
  });
});
