// A small JSON Schema checker for the subset schemas/feed/feed.schema.json uses: type (a name or
// a list), enum, const, minimum, pattern, required, properties, additionalProperties (true/false),
// items, minItems, oneOf, and $ref to "#/$defs/NAME". Debian 12 packages no JSON Schema validator
// for C++; any other keyword in the schema is reported, so the schema cannot quietly outgrow this
// checker.
#pragma once

#include <regex.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace venue::feed::testing {

class SchemaCheck {
  public:
    explicit SchemaCheck(nlohmann::json root) : root_(std::move(root)) {}

    // Errors of `doc` against the schema at `pointer` ("" = the root), each "path: what".
    std::vector<std::string> check(const nlohmann::json& doc, const std::string& pointer = "") {
        errors_.clear();
        const nlohmann::json& schema =
            pointer.empty() ? root_ : root_.at(nlohmann::json::json_pointer(pointer));
        validate(doc, schema, "$");
        return errors_;
    }

    // Keywords of the schema this checker does not know (should be none).
    std::vector<std::string> unknown_keywords() {
        std::vector<std::string> found;
        scan(root_, "#", found);
        return found;
    }

  private:
    static bool has_type(const nlohmann::json& v, const std::string& t) {
        if (t == "null") return v.is_null();
        if (t == "boolean") return v.is_boolean();
        if (t == "integer") return v.is_number_integer();
        if (t == "number") return v.is_number();
        if (t == "string") return v.is_string();
        if (t == "array") return v.is_array();
        if (t == "object") return v.is_object();
        return false;
    }

    // True when valid; errors are collected only when `report`.
    bool validate(const nlohmann::json& v, const nlohmann::json& s, const std::string& path,
                  bool report = true) {
        bool ok = true;
        auto fail = [&](const std::string& what) {
            ok = false;
            if (report) errors_.push_back(path + ": " + what);
        };
        if (s.contains("$ref")) {
            const std::string ref = s["$ref"];
            if (ref.rfind("#/", 0) != 0) {
                fail("unsupported $ref " + ref);
                return false;
            }
            if (!validate(v, root_.at(nlohmann::json::json_pointer(ref.substr(1))), path, report))
                ok = false;
        }
        if (s.contains("type")) {
            bool any = false;
            if (s["type"].is_string())
                any = has_type(v, s["type"]);
            else
                for (const auto& t : s["type"]) any = any || has_type(v, t);
            if (!any) fail("is " + std::string(v.type_name()) + ", not " + s["type"].dump());
        }
        if (s.contains("enum")) {
            bool found = false;
            for (const auto& e : s["enum"]) found = found || e == v;
            if (!found) fail(v.dump() + " not in " + s["enum"].dump());
        }
        if (s.contains("const") && s["const"] != v) fail(v.dump() + " != " + s["const"].dump());
        if (s.contains("pattern") && v.is_string() &&
            !matches(v.get<std::string>(), s["pattern"].get<std::string>()))
            fail(v.dump() + " does not match " + s["pattern"].dump());
        if (s.contains("minimum") && v.is_number() && v < s["minimum"])
            fail(v.dump() + " < " + s["minimum"].dump());
        if (s.contains("minItems") && v.is_array() && v.size() < s["minItems"].get<std::size_t>())
            fail(std::to_string(v.size()) + " items, fewer than " + s["minItems"].dump());
        if (v.is_object()) {
            if (s.contains("required"))
                for (const auto& r : s["required"])
                    if (!v.contains(r.get<std::string>())) fail("missing " + r.get<std::string>());
            const bool closed = s.contains("additionalProperties") &&
                                s["additionalProperties"].is_boolean() &&
                                !s["additionalProperties"].get<bool>();
            for (const auto& [k, x] : v.items()) {
                if (s.contains("properties") && s["properties"].contains(k)) {
                    if (!validate(x, s["properties"][k], path + "." + k, report)) ok = false;
                } else if (closed) {
                    fail("property " + k + " is not in the schema");
                }
            }
        }
        if (v.is_array() && s.contains("items"))
            for (std::size_t i = 0; i < v.size(); ++i)
                if (!validate(v[i], s["items"], path + "[" + std::to_string(i) + "]", report))
                    ok = false;
        if (s.contains("oneOf")) {
            int matching = 0;
            for (const auto& alt : s["oneOf"]) matching += validate(v, alt, path, false) ? 1 : 0;
            if (matching != 1) {
                fail("matches " + std::to_string(matching) + " of oneOf's schemas, not 1");
                // Say why, through the alternative of the value's own type.
                if (report)
                    for (const auto& alt : s["oneOf"])
                        if (!alt.contains("type")) validate(v, alt, path, true);
            }
        }
        return ok;
    }

    // A schema pattern (the ECMA-262 subset the schema uses is also POSIX extended syntax),
    // matched with the C library's regex: std::regex trips GCC 12's -Wmaybe-uninitialized in
    // the sanitizer build.
    static bool matches(const std::string& text, const std::string& pattern) {
        regex_t re;
        if (regcomp(&re, pattern.c_str(), REG_EXTENDED | REG_NOSUB) != 0) return false;
        const bool found = regexec(&re, text.c_str(), 0, nullptr, 0) == 0;
        regfree(&re);
        return found;
    }

    void scan(const nlohmann::json& s, const std::string& where, std::vector<std::string>& out) {
        static const std::set<std::string> known = {
            "$schema", "$id",   "$ref",    "$defs",    "title",      "description",
            "type",    "enum",  "const",   "required", "properties", "additionalProperties",
            "items",   "oneOf", "minimum", "minItems", "pattern"};
        if (!s.is_object()) return;
        for (const auto& [k, x] : s.items()) {
            if (!known.contains(k)) out.push_back(where + "/" + k);
            if (k == "properties" || k == "$defs") {
                for (const auto& [name, sub] : x.items())
                    scan(sub, where + "/" + k + "/" + name, out);
            } else if (k == "items") {
                scan(x, where + "/items", out);
            } else if (k == "oneOf") {
                for (std::size_t i = 0; i < x.size(); ++i)
                    scan(x[i], where + "/oneOf/" + std::to_string(i), out);
            }
        }
    }

    nlohmann::json root_;
    std::vector<std::string> errors_;
};

}  // namespace venue::feed::testing
