// Result<T, E>: a value or an error, returned at boundaries instead of throwing.
//
// A small stand-in for C++23's std::expected (g++ 12 in C++20 mode lacks it).
// Parsers return Result<Value, SomeError>, where SomeError names what was wrong.
#pragma once

#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace venue {

template <class E>
struct Unexpected {
    E error;
};

template <class E>
Unexpected<E> unexpected(E error) {
    return Unexpected<E>{std::move(error)};
}

template <class T, class E>
class [[nodiscard]] Result {
  public:
    Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit
    template <class G>
    Result(Unexpected<G> err) : data_(std::in_place_index<1>, E(std::move(err.error))) {}
    // An error type that no value converts from may be returned as it is (`return Error{...}`).
    Result(E error)  // NOLINT: implicit by design
        requires(!std::is_convertible_v<E, T> && !std::is_convertible_v<T, E>)
        : data_(std::in_place_index<1>, std::move(error)) {}

    bool has_value() const { return data_.index() == 0; }
    bool ok() const { return has_value(); }
    explicit operator bool() const { return has_value(); }

    T& value() & {
        assert(has_value());
        return std::get<0>(data_);
    }
    const T& value() const& {
        assert(has_value());
        return std::get<0>(data_);
    }
    T&& value() && {
        assert(has_value());
        return std::get<0>(std::move(data_));
    }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const E& error() const {
        assert(!has_value());
        return std::get<1>(data_);
    }
    E&& take_error() && {
        assert(!has_value());
        return std::get<1>(std::move(data_));
    }

  private:
    std::variant<T, E> data_;
};

}  // namespace venue
