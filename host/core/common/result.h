// Result<T, E>: a value or an error, returned at boundaries instead of throwing.
//
// A small stand-in for C++23's std::expected (g++ 12 in C++20 mode lacks it).
// Parsers return Result<Value, SomeError>, where SomeError names what was wrong.
#pragma once

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
class Result {
  public:
    Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
    template <class G>
    Result(Unexpected<G> err) : data_(std::in_place_index<1>, E(std::move(err.error))) {}

    bool has_value() const { return data_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T& value() & { return std::get<0>(data_); }
    const T& value() const& { return std::get<0>(data_); }
    T&& value() && { return std::get<0>(std::move(data_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const E& error() const { return std::get<1>(data_); }

  private:
    std::variant<T, E> data_;
};

}  // namespace venue
